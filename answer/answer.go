// Package answer is EvoKG's learner layer: the frozen learner answers a
// question with the memory retrieved for it, the search bandit choosing the
// retrieval strategy per task type and the routing bandit the reasoning
// strategy per skill. It holds only the learner model, so answering can
// never call a teacher model. Evolution runs and the REST API's answer
// endpoint both go through it, and both feed rewards back through Feedback.
//
// It owns the table answers.
package answer

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/retrieval"
)

// Cascade adds cascade components A–D to a pack, and E, the environment
// facts, to an environment episode's (*cascade.Builder).
type Cascade interface {
	Apply(ctx context.Context, ns, taskType string, pack *retrieval.Pack) (*cascade.Block, error)
	Environment(ctx context.Context, ns, taskType, question string, pack *retrieval.Pack) (*cascade.WorldBlock, error)
}

// Bandits picks arms and takes rewards (*bandit.Bandit).
type Bandits interface {
	Select(ctx context.Context, ns string, kind bandit.Kind, key string) (bandit.Choice, error)
	SelectForRun(ctx context.Context, ns string, kind bandit.Kind, key string, run uuid.UUID) (bandit.Choice, error)
	Best(ctx context.Context, ns string, kind bandit.Kind, key string) (string, error)
	ChooseSkill(ctx context.Context, ns string, skills []string, explore bool) (string, error)
	ApplyReward(ctx context.Context, ns string, answerID uuid.UUID, reward float64) (bandit.RewardResult, error)
}

// Skills finds the skills serving a task type (*graph.Graph).
type Skills interface {
	TaskTypeSkills(ctx context.Context, ns, taskType string) ([]evokg.Skill, error)
}

// Vocabulary lists the operation names signatures use (*graph.Graph); a
// Skills that implements it lets the learner plan in the graph's words.
type Vocabulary interface {
	OperationVocabulary(ctx context.Context, ns string, limit int) ([]string, error)
}

// Service answers questions with memory.
type Service struct {
	learner   evokg.Learner
	retriever retrieval.PackRetriever
	cascade   Cascade              // optional
	bandits   Bandits              // optional: without it the default strategies are used
	records   Recorder             // optional: without it answers are not recorded
	skills    Skills               // optional
	memSwitch evokg.MemorySwitches // optional
	tools     evokg.Tools          // optional: without it the tool_call arm uses the calculator
	toolCfg   ToolConfig
	profiles  evokg.ProfileService // optional: without it every learner gets DefaultProfile
	agents    Agents               // optional: without it no expert agent answers
}

// WithMemorySwitch has s answer without memory the task types whose memory
// switch is off, and returns s.
func (s *Service) WithMemorySwitch(sw evokg.MemorySwitches) *Service {
	s.memSwitch = sw
	return s
}

// New builds the learner layer. cascade, bandits and skills may be nil.
func New(learner evokg.Learner, retriever retrieval.PackRetriever, cascade Cascade, bandits Bandits, skills Skills) *Service {
	return &Service{learner: learner, retriever: retriever, cascade: cascade, bandits: bandits, skills: skills}
}

// Question is one question to answer.
type Question struct {
	TaskType string
	Question string
	Context  string
	// Skill is the skill that serves the task type; when nil the active
	// skills linked to the task type serve it, the routing bandit choosing
	// among several (the parts of a split skill).
	Skill *evokg.Skill
	// Explore selects arms by Thompson sampling and counts the pulls;
	// otherwise the arm with the best posterior mean is used.
	Explore bool
	// Temperature of the learner; nil keeps the configured one (0.0).
	Temperature *float64
	// Run is the evolution run asking, if any: its pulls count among the
	// run's own bandit contributions, which its Delta-Guard may take back.
	Run *uuid.UUID
	// NoMemory answers without memory: no memory pack and no evolved skill
	// prompt, the rest of the path unchanged (the memory-off baseline).
	NoMemory bool
	// IgnoreSwitch answers with memory even when the task type's memory
	// switch is off: the switch's own measurement on validation items,
	// which must see memory to turn it back on. Clients never set it.
	IgnoreSwitch bool
	// NoRouting answers with the default strategies (semantic retrieval,
	// direct CoT) instead of the bandits' arms, and pulls no arm.
	NoRouting bool
	// SearchArm forces the search arm (a retrieval strategy) in place of
	// the search bandit's choice or the default; the arm is not pulled.
	SearchArm string
	// RoutingArm forces the routing arm (a reasoning strategy) in place of
	// the routing bandit's choice when a skill serves the question; the
	// arm is not pulled.
	RoutingArm string
	// Signature is the question's procedural signature when the caller has
	// one; otherwise the learner plans its own for the structural arms.
	Signature []string
	// Mode is the memory pack's allocation (retrieval.Modes); empty for the
	// configured one.
	Mode string
	// Include are memories to show whatever their state, each first in its
	// list (retrieval.Request.Include): evolution's probation replays.
	Include []uuid.UUID
	// Exclude are memories to leave out (retrieval.Request.Exclude): an
	// evolution run's training answer leaves out the memories written from
	// its own question. Clients never set it.
	Exclude []uuid.UUID
	// Answer overrides the task type's declared answer mode.
	Answer *evokg.AnswerSpec
	// Profile overrides the learner profile stored for the namespace and
	// model: a calibration's candidate.
	Profile *evokg.LearnerProfile
	// Agent is the expert agent to answer with instead of the one
	// recruited, validated or not: an agent on trial.
	Agent *evokg.ExpertAgent
	// NoAgent answers without an expert agent.
	NoAgent bool
	// NoToolScores counts none of the answer's tool calls against their
	// tools (no statistics that can retire a tool): set by evolution runs
	// and experiments on validation and test items, which no decision may
	// learn from. Clients never set it.
	NoToolScores bool
}

// Reply is the learner's answer and how it was produced.
type Reply struct {
	Answer     string
	Reasoning  string
	Skill      string
	SearchArm  string
	RoutingArm string
	// MemoryIDs are the memories whose text the learner's prompt held.
	MemoryIDs []uuid.UUID
	// Memory is what the learner was given from memory: the rendered
	// block, or the worked examples and notes of a rendering as turns.
	Memory string
	// MemoryOff is set when the task type's memory switch was off, so the
	// learner answered without memory.
	MemoryOff bool
	// Signature is the signature retrieval was asked to match: the caller's
	// or the learner's own plan; nil when the search arm used none. (When
	// it matches nothing, the structural channel asks for the nearest
	// memory's signature instead.)
	Signature []string
	// Steps are the learner's (skill, step_output) steps (decompose arm).
	Steps []evokg.SkillStep
	// ToolResult is what the built-in calculator returned (tool_call arm
	// when no validated tool was recruited).
	ToolResult string
	// ToolCalls are the recruited tools the learner called (tool_call arm),
	// with what each returned.
	ToolCalls []evokg.ToolUse
	// Expression is what the learner wrote in expression mode; Answer is
	// its value.
	Expression string
	// Mode is the answer mode and Profile the learner profile used.
	Mode    evokg.AnswerMode
	Profile evokg.LearnerProfile
	// Agent names the expert agent that answered (agentFor), if any.
	Agent *evokg.AgentRef
	agent *evokg.ExpertAgent
	// noToolScores is Question.NoToolScores.
	noToolScores bool
	// LearnerCalls and TeacherCalls count the model calls this answer made,
	// repairs of invalid replies included; TeacherCalls stays 0 because
	// the learner layer holds no teacher model.
	LearnerCalls, TeacherCalls int
}

// Answer retrieves memory for q and asks the learner, counting the model
// calls it makes.
func (s *Service) Answer(ctx context.Context, ns string, q Question) (Reply, error) {
	meta := llm.CallFrom(ctx)
	meta.Namespace = cmp.Or(meta.Namespace, ns)
	tally := llm.NewTally(meta.Tally)
	meta.Tally = tally
	ctx = llm.WithCall(ctx, meta)
	r, err := s.answer(ctx, ns, q)
	r.LearnerCalls, r.TeacherCalls = tally.Learner(), tally.Teacher()
	return r, err
}

func (s *Service) answer(ctx context.Context, ns string, q Question) (Reply, error) {
	skill, err := s.skillFor(ctx, ns, q)
	if err != nil {
		return Reply{}, err
	}
	r := Reply{Skill: skill.Name, noToolScores: q.NoToolScores}
	if r.MemoryOff, err = s.memoryOff(ctx, ns, q); err != nil {
		return r, err
	}
	q.NoMemory = q.NoMemory || r.MemoryOff
	if r.SearchArm, r.RoutingArm, err = s.arms(ctx, ns, q, skill.Name); err != nil {
		return r, err
	}
	if r.Signature, err = s.signature(ctx, ns, q, r.SearchArm); err != nil {
		return r, err
	}
	pack, err := s.pack(ctx, ns, q, r.SearchArm, r.Signature)
	if err != nil {
		return r, err
	}
	spec, err := s.spec(ctx, ns, q)
	if err != nil {
		return r, fmt.Errorf("answer mode: %w", err)
	}
	if r.Profile, err = s.profile(ctx, ns, q); err != nil {
		return r, fmt.Errorf("learner profile: %w", err)
	}
	r.Mode = spec.Mode
	if r.agent, err = s.agentFor(ctx, ns, q); err != nil {
		return r, err
	}
	if r.agent != nil {
		r.Agent = r.agent.Ref()
	}
	pres := present(pack, r.Profile)
	req := learnerRequest(q, skill, pres.block)
	withAgent(&req, r.agent)
	req.Answer, req.Direct = spec, !r.Profile.Reasoning
	if err := s.route(ctx, ns, r.RoutingArm, req, pres, &r); err != nil {
		return r, fmt.Errorf("learner: %w", err)
	}
	r.MemoryIDs = pres.shown(r.RoutingArm != "" && r.RoutingArm != bandit.StrategyDirectCoT)
	r.Memory = pres.text()
	return r, nil
}

// learnerRequest is what the learner is given: the question, the memory
// block and, unless memory is off, the skill's evolved prompt and strategy.
func learnerRequest(q Question, skill evokg.Skill, block string) evokg.AnswerPrompt {
	req := evokg.AnswerPrompt{Question: q.Question, Context: q.Context, MemoryBlock: block, Temperature: q.Temperature}
	if !q.NoMemory {
		req.SkillPrompt, req.SkillStrategy = skill.PromptTemplate, skill.Strategy
	}
	if skill.Name != "" {
		req.Skills = []string{skill.Name}
	}
	return req
}

// memoryOff reports whether the task type's memory switch is off for a
// question that would read memory.
func (s *Service) memoryOff(ctx context.Context, ns string, q Question) (bool, error) {
	if s.memSwitch == nil || q.NoMemory || q.IgnoreSwitch {
		return false, nil
	}
	return s.memSwitch.Off(ctx, ns, q.TaskType)
}

func (s *Service) pack(ctx context.Context, ns string, q Question, strategy string, sig []string) (*retrieval.Pack, error) {
	if q.NoMemory {
		return &retrieval.Pack{}, nil
	}
	pack, err := s.retriever.Retrieve(ctx, retrieval.Request{Namespace: ns, TaskType: q.TaskType,
		Question: q.Question, Context: q.Context, Strategy: strategy, Signature: sig, Mode: q.Mode, Include: q.Include,
		Exclude: q.Exclude})
	if err != nil {
		return nil, fmt.Errorf("retrieval: %w", err)
	}
	return pack, s.addComponents(ctx, ns, q.TaskType, q.Question, strategy, pack)
}

// addComponents adds to pack what the cascade gives every answer: its
// components on the cascade arm, and environment facts.
func (s *Service) addComponents(ctx context.Context, ns, taskType, question, strategy string, pack *retrieval.Pack) error {
	if s.cascade == nil {
		return nil
	}
	if strategy == bandit.StrategyCascade {
		if _, err := s.cascade.Apply(ctx, ns, taskType, pack); err != nil {
			return fmt.Errorf("cascade: %w", err)
		}
	}
	if _, err := s.cascade.Environment(ctx, ns, taskType, question, pack); err != nil {
		return fmt.Errorf("environment facts: %w", err)
	}
	return nil
}

func (s *Service) skillFor(ctx context.Context, ns string, q Question) (evokg.Skill, error) {
	if q.Skill != nil || s.skills == nil {
		if q.Skill == nil {
			return evokg.Skill{}, nil
		}
		return *q.Skill, nil
	}
	skills, err := s.skills.TaskTypeSkills(ctx, ns, q.TaskType)
	if err != nil {
		return evokg.Skill{}, err
	}
	active := slices.DeleteFunc(skills, func(sk evokg.Skill) bool { return sk.Status == evokg.SkillSplit })
	if len(active) <= 1 || s.bandits == nil || q.NoRouting {
		if len(active) == 0 {
			return evokg.Skill{}, nil
		}
		return active[0], nil
	}
	names := make([]string, len(active))
	for i, sk := range active {
		names[i] = sk.Name
	}
	name, err := s.bandits.ChooseSkill(ctx, ns, names, q.Explore)
	if err != nil {
		return evokg.Skill{}, err
	}
	return active[slices.Index(names, name)], nil
}

// arms picks the retrieval strategy (search bandit, per task type) and the
// reasoning strategy (routing bandit, per skill). Without memory nothing is
// retrieved, so no search arm is picked, pulled or later rewarded.
func (s *Service) arms(ctx context.Context, ns string, q Question, skill string) (search, routing string, err error) {
	search = cmp.Or(q.SearchArm, bandit.StrategySemantic)
	if q.NoMemory {
		search = ""
	}
	switch {
	case q.NoRouting && skill == "":
		return search, "", nil // no skill, no reasoning strategy to route
	case s.bandits == nil || q.NoRouting:
		return search, bandit.StrategyDirectCoT, nil
	}
	pick := s.bandits.Best
	if q.Explore {
		pick = func(ctx context.Context, ns string, k bandit.Kind, key string) (string, error) {
			if q.Run != nil {
				c, err := s.bandits.SelectForRun(ctx, ns, k, key, *q.Run)
				return c.Arm, err
			}
			c, err := s.bandits.Select(ctx, ns, k, key)
			return c.Arm, err
		}
	}
	if search != "" && q.SearchArm == "" {
		if search, err = pick(ctx, ns, bandit.Search, q.TaskType); err != nil {
			return "", "", err
		}
	}
	switch {
	case skill == "":
		return search, "", nil
	case q.RoutingArm != "":
		return search, q.RoutingArm, nil
	}
	routing, err = pick(ctx, ns, bandit.Routing, skill)
	return search, routing, err
}

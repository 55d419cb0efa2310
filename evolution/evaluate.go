package evolution

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/google/uuid"
	"golang.org/x/sync/errgroup"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/explorer"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/world"
)

// graded is one graded learner answer.
type graded struct {
	Item       questions.Item
	Skill      string
	Answer     string
	Expression string // what the learner wrote in expression mode; Answer is its value
	Reasoning  string
	Correct    bool
	Failed     bool // the learner's reply or its grading failed (an item failure)
	SearchArm  string
	RoutingArm string
	MemoryIDs  []uuid.UUID       // the memories the learner was given
	Steps      []evokg.SkillStep // the learner's (skill, step_output) steps, when it decomposed
	Signature  []string          // the learner's own plan of the question, when its search arm used one
	ToolCalls  []evokg.ToolUse   // the tools the learner called (tool_call arm)
	Agent      *evokg.AgentRef   // the expert agent that answered
}

// evaluation is one iteration's graded answers: pool holds the training
// split's, the only ones evolution learns from.
type evaluation struct {
	pool       []graded
	validation []graded
	routed     []graded // validation without memory, with the same routing
	test       []graded
	skills     map[string][]evokg.Skill // task type → the active skills that serve it
}

func (ev *evaluation) results() map[string]bool {
	out := make(map[string]bool, len(ev.pool))
	for _, a := range ev.pool {
		out[a.Item.ID] = a.Correct
	}
	return out
}

// byType groups pool answers by task type.
func (ev *evaluation) byType() map[string][]graded {
	out := map[string][]graded{}
	for _, a := range ev.pool {
		out[a.Item.TaskType] = append(out[a.Item.TaskType], a)
	}
	return out
}

// evaluateAll is EVALUATE: the learner answers the training split with
// retrieved memory (exploring arms), never shown a memory written from the
// item's own question, the validation split with memory
// whatever the switch says (the switch decides from it) and the test split
// as a client would, switch included; all at temperature 0. m gets
// accuracies, flips and each split's accuracy without memory.
func (r *runner) evaluateAll(ctx context.Context, k int, m *Metrics) (*evaluation, error) {
	skills, err := r.taskSkills(ctx)
	if err != nil {
		return nil, err
	}
	ev := &evaluation{skills: skills}
	own, err := r.store.questionMemories(ctx, r.ns, r.pool.Train)
	if err != nil {
		return nil, err
	}
	if ev.pool, err = r.answerAll(ctx, k, "evaluate", r.pool.Train, skills, withMemory{explore: true, own: own}); err != nil {
		return nil, err
	}
	if ev.validation, err = r.answerAll(ctx, k, questions.SplitValidation, r.pool.Validation, skills, withMemory{ignoreSwitch: true}); err != nil {
		return nil, err
	}
	if !r.p.DisableBandits {
		// Memory's own counterfactual: the same routing, no memory.
		if ev.routed, err = r.answerAll(ctx, k, questions.SplitValidation+"_routing_only", r.pool.Validation, skills,
			withMemory{off: true, routed: true}); err != nil {
			return nil, err
		}
	}
	if ev.test, err = r.answerAll(ctx, k, questions.SplitTest, r.pool.Test, skills, withMemory{}); err != nil {
		return nil, err
	}
	if err := r.baseline(ctx, k, skills, m.BaselineProfile); err != nil {
		return nil, err
	}
	fillAccuracy(m, ev, r.st.Results, r.st.Baseline)
	return ev, nil
}

// fillAccuracy computes overall and per-type accuracy of each split, with
// memory and (from baseline) without, and the flips against the previous
// results.
func fillAccuracy(m *Metrics, ev *evaluation, previous, baseline map[string]bool) {
	m.ByTaskType = map[string]TypeAccuracy{}
	correct := 0
	for _, a := range ev.pool {
		ta := m.ByTaskType[a.Item.TaskType]
		ta.Total++
		if a.Correct {
			ta.Correct++
			correct++
			if wasRight, seen := previous[a.Item.ID]; seen && !wasRight {
				m.Flips++
			}
		}
		ta.Accuracy = accuracy(ta.Correct, ta.Total)
		m.ByTaskType[a.Item.TaskType] = ta
	}
	m.Accuracy = accuracy(correct, len(ev.pool))
	for _, a := range ev.validation {
		ta := m.ByTaskType[a.Item.TaskType]
		ta.Validation.add(a.Correct, baseline[a.Item.ID])
		m.Validation.add(a.Correct, baseline[a.Item.ID])
		m.ByTaskType[a.Item.TaskType] = ta
	}
	for _, a := range ev.routed {
		ta := m.ByTaskType[a.Item.TaskType]
		ta.Validation.addRouted(a.Correct)
		m.Validation.addRouted(a.Correct)
		m.ByTaskType[a.Item.TaskType] = ta
	}
	for _, a := range ev.test {
		ta := m.ByTaskType[a.Item.TaskType]
		ta.Test.add(a.Correct, baseline[a.Item.ID])
		m.Test.add(a.Correct, baseline[a.Item.ID])
		m.ByTaskType[a.Item.TaskType] = ta
	}
}

// taskSkills maps every task type of the pool to the active skills
// serving it (SKILL_FOR_TASK): after a split, its parts.
func (r *runner) taskSkills(ctx context.Context) (map[string][]evokg.Skill, error) {
	out := map[string][]evokg.Skill{}
	for _, t := range questions.TaskTypes(slices.Concat(r.pool.Train, r.pool.Validation, r.pool.Test)) {
		skills, err := r.deps.Graph.TaskTypeSkills(ctx, r.ns, t)
		if err != nil {
			return nil, err
		}
		out[t] = slices.DeleteFunc(skills, func(s evokg.Skill) bool { return s.Status == evokg.SkillSplit })
	}
	return out, nil
}

// withMemory says how answerAll answers. explore selects arms by Thompson
// sampling (and counts the pulls); otherwise the greedy arm is used.
// ignoreSwitch reads memory even for a task type whose memory switch is
// off. off answers as the memory-off baseline (no memory, default
// strategies), or with routed the bandits' strategies still: memory's own
// counterfactual. include shows those memories whatever their state
// (probation). own leaves out, for each item, the memories written from
// its normalized question (training answers). frozen answers each item it
// holds with the arms, the skill and (when none) the lack of an agent of
// that answer (probation's replays).
type withMemory struct {
	explore, ignoreSwitch, off, routed bool
	include                            []uuid.UUID
	own                                map[string][]uuid.UUID
	frozen                             map[string]graded
	// agent answers with this expert agent (a trial); noAgent with none.
	agent   *evokg.ExpertAgent
	noAgent bool
}

// answerAll answers items with Concurrency workers, as mem says. An item
// whose reply stays invalid or times out fails alone and counts as wrong; a
// phase in which every item timed out (a server that hangs) fails the run.
func (r *runner) answerAll(ctx context.Context, k int, phase string, items []questions.Item, skills map[string][]evokg.Skill, mem withMemory) ([]graded, error) {
	out := make([]graded, len(items))
	var mu sync.Mutex
	done, correct, timedOut := 0, 0, 0
	var lastTimeout error
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(r.p.Concurrency)
	for i, it := range items {
		g.Go(func() error {
			a, err := r.answerOne(gctx, it, skills[it.TaskType], mem)
			if err != nil && !r.failed.add(phase, it.ID, err) {
				return fmt.Errorf("item %s: %w", it.ID, err)
			}
			a.Correct, a.Failed = a.Correct && err == nil, err != nil // a failed item counts as wrong
			out[i] = a
			mu.Lock()
			defer mu.Unlock()
			if evokg.ErrorCode(err) == evokg.ETIMEOUT {
				timedOut, lastTimeout = timedOut+1, fmt.Errorf("item %s: %w", it.ID, err)
			}
			done++
			if a.Correct {
				correct++
			}
			r.progress(Progress{RunID: r.id, Iteration: k, Iterations: r.p.Iterations, Phase: phase,
				Item: done, Items: len(items), Accuracy: accuracy(correct, done)})
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if timedOut > 0 && timedOut == len(items) {
		return nil, fmt.Errorf("every %s item timed out, the last: %w", phase, lastTimeout)
	}
	return out, nil
}

// answerOne answers one item. A task type served by several skills (the
// parts of a split) leaves the choice to the answerer's routing bandit.
func (r *runner) answerOne(ctx context.Context, it questions.Item, skills []evokg.Skill, mem withMemory) (graded, error) {
	zero := 0.0
	q := answer.Question{TaskType: it.TaskType, Question: it.Question, Context: it.Context, Explore: mem.explore && !mem.off,
		Temperature: &zero, Run: &r.id, NoMemory: mem.off, NoRouting: mem.off && !mem.routed, IgnoreSwitch: mem.ignoreSwitch,
		Include: mem.include, Exclude: mem.own[questions.Normalize(it.Question)], Agent: mem.agent, NoAgent: mem.noAgent,
		NoToolScores: heldOut(it)}
	if mem.off {
		q.Profile = r.baselineProfile // the profile best without memory
	}
	if len(skills) <= 1 {
		q.Skill = &evokg.Skill{}
		if len(skills) == 1 {
			q.Skill = &skills[0]
		}
	}
	if a, ok := mem.frozen[it.ID]; ok {
		q.SearchArm, q.RoutingArm, q.NoAgent = a.SearchArm, a.RoutingArm, q.NoAgent || a.Agent == nil
		q.Skill = &evokg.Skill{}
		if i := slices.IndexFunc(skills, func(s evokg.Skill) bool { return s.Name == a.Skill }); i >= 0 {
			q.Skill = &skills[i]
		}
	}
	reply, err := r.answerer.Answer(ctx, r.ns, q)
	a := graded{Item: it, Skill: reply.Skill, Answer: reply.Answer, Expression: reply.Expression, Reasoning: reply.Reasoning,
		SearchArm: reply.SearchArm, RoutingArm: reply.RoutingArm, MemoryIDs: reply.MemoryIDs, Steps: reply.Steps,
		Signature: reply.Signature, ToolCalls: reply.ToolCalls, Agent: reply.Agent}
	r.calls.learner.Add(int64(reply.LearnerCalls)) // the routing arm's and the plan's calls included
	if err != nil {
		return a, err
	}
	a.Correct, err = r.grader.Grade(ctx, it, reply.Answer)
	return a, err
}

// heldOut reports whether it is a validation or test item: its answers
// count no tool call against a tool, so no tool is retired on them.
func heldOut(it questions.Item) bool {
	return it.Split == questions.SplitValidation || it.Split == questions.SplitTest
}

// judge is the Critic grading free text that does not match exactly.
func (r *runner) judge(ctx context.Context, question, gold, answer string) (bool, error) {
	r.calls.teacher.Add(1)
	v, err := r.deps.Teacher.Judge(ctx, evokg.JudgeRequest{Question: question, Answer: answer, Gold: gold})
	return v.Correct, err
}

// reward sends every pool answer through the one reward stream, once per
// answer: both bandits (when the run uses them; otherwise the answer has no
// arms) and the task-type statistics the curriculum reads. It credits no
// memory: a training answer is no evidence of a memory's utility
// (creditValidation).
func (r *runner) reward(ctx context.Context, k int, ev *evaluation) error {
	for _, a := range ev.pool {
		if a.Failed {
			continue // no valid answer to reward
		}
		id := answerID(r.id, k, a.Item.ID)
		rec := bandit.Answer{ID: id, Namespace: r.ns, TaskType: a.Item.TaskType, Skill: a.Skill, Question: a.Item.Question,
			Answer: a.Answer, SearchArm: a.SearchArm, RoutingArm: a.RoutingArm, RunID: &r.id, Iteration: &k, ToolCalls: a.ToolCalls,
			Agent: a.Agent}
		if _, err := r.records.Record(ctx, rec); err != nil {
			return err
		}
		if _, err := r.deps.Bandit.ApplyReward(ctx, r.ns, id, boolReward(a.Correct)); err != nil {
			return err
		}
	}
	return nil
}

// creditValidation is the run's live evidence of memory utility: every
// validation answer credits the memories it showed, right or wrong
// (utility.Store.CreditTx), which may quarantine one. Training answers
// credit none: their items are the ones memories are written from.
func (r *runner) creditValidation(ctx context.Context, ev *evaluation) error {
	if r.deps.Utility == nil {
		return nil
	}
	for _, a := range ev.validation {
		if a.Failed || len(a.MemoryIDs) == 0 {
			continue
		}
		if _, err := r.deps.Utility.Credit(ctx, r.ns, a.MemoryIDs, a.Correct); err != nil {
			return err
		}
	}
	return nil
}

// answerID is stable per (run, iteration, item) so a resumed iteration
// rewards each answer once.
func answerID(run uuid.UUID, k int, item string) uuid.UUID {
	return uuid.NewSHA1(run, fmt.Appendf(nil, "%d/%s", k, item))
}

func boolReward(ok bool) float64 {
	if ok {
		return 1
	}
	return 0
}

// harvest writes every correct pool answer as a success memory.
func (r *runner) harvest(ctx context.Context, k int, ev *evaluation) (int, error) {
	n := 0
	for _, a := range ev.pool {
		if !a.Correct {
			continue
		}
		cot, ok := r.gateSuccess(a)
		if !ok {
			continue
		}
		sig, err := r.successSignature(ctx, a, cot)
		if err != nil {
			return n, err
		}
		req := evokg.ExperienceInput{
			ExperienceFields: evokg.ExperienceFields{
				TaskType:       a.Item.TaskType,
				Outcome:        evokg.OutcomeSuccess,
				Skill:          a.Skill,
				Question:       a.Item.Question,
				Answer:         a.Answer,
				Expression:     a.Expression,
				Context:        a.Item.Context,
				ChainOfThought: cot,
				Evaluation:     r.successEvaluation(a.Item.TaskType),
				Signature:      sig,
				DerivedFrom:    provenance(a.MemoryIDs),
				Evidence:       toolEvidence(a.ToolCalls),
			},
		}
		req.SkillSteps = skillSteps(a)
		if ep := a.Item.Episode; ep != nil {
			// An episode's success transfers as the recipe's procedure does.
			req.Procedure, req.Content = explorer.Procedure(world.PlayedProcedure(*ep, a.Answer))
		}
		if _, err := r.deps.Memory.IngestEmbedded(ctx, r.ns, req, idemKey(r.id, k, "success", a.Item.ID)); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// skillSteps is a success memory's (skill_name, step_output) sequence: the
// learner's own steps when it decomposed the question, else the one step of
// the serving skill that produced the answer.
func skillSteps(a graded) []evokg.SkillStep {
	switch {
	case len(a.Steps) > 0:
		return a.Steps
	case a.Skill != "":
		return []evokg.SkillStep{{Skill: a.Skill, Output: a.Answer}}
	}
	return nil
}

// maxChainRunes caps the chain of thought stored with a success memory.
const maxChainRunes = 2000

func idemKey(run uuid.UUID, k int, kind, item string) string {
	return fmt.Sprintf("evo:%s:%d:%s:%s", run, k, kind, item)
}

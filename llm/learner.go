package llm

import (
	"context"
	"fmt"
	"strings"

	"github.com/evokg/evokg"
)

// Learner is the learner layer (Learner, Explorer). It holds only the
// learner model's configuration: nothing reachable from it can call a
// teacher model.
type Learner struct {
	ep endpoint
}

// Model returns the learner model name.
func (x *Learner) Model() string { return x.ep.cfg.Model }

// AnswerRequest is one question for the learner with the memory retrieved
// for it and what the routing arm's strategy produced before the answer.
type AnswerRequest struct {
	Question    string
	Context     string // the question's context passage, may be empty
	MemoryBlock string // rendered retrieval block (successes, failure corrections, principles)
	SkillPrompt string // the skill's prompt template, may be empty
	// SkillStrategy is the skill's reasoning strategy as prompt refinement
	// wrote it (Skill.Strategy), may be empty.
	SkillStrategy string
	// Skills names the skills the decompose strategy may name its steps after.
	Skills []string
	// Steps are the learner's own worked steps (the decompose strategy).
	Steps []evokg.SkillStep
	// ToolResult is the built-in calculator's result (the tool_call strategy
	// when no validated tool is recruited).
	ToolResult string
	// ToolUses are the validated tools the learner called and their results
	// (the tool_call strategy's ReAct loop).
	ToolUses []evokg.ToolUse
	// Temperature overrides the learner model's temperature (0 by
	// default; training uses 0.3).
	Temperature *float64
	// Answer is the reply's mode (text when unset).
	Answer evokg.AnswerSpec
	// Examples and Notes are the memories in the turns rendering: worked
	// examples as user/assistant pairs before the question, the rest in the
	// system message. The block rendering uses MemoryBlock instead.
	Examples []Example
	Notes    string
	// Direct asks for the answer without reasoning first.
	Direct bool
	// AgentRole and AgentPrompt are the recruited expert agent's role and
	// system prompt; the prompt leads every system message of the answer
	// (agentPreamble), before the learner's own instructions.
	AgentRole, AgentPrompt string
}

// agentPreamble is what an expert agent puts before a system message.
func (r AnswerRequest) agentPreamble() string {
	if r.AgentPrompt == "" {
		return ""
	}
	return "Expert agent: " + r.AgentRole + "\n" + r.AgentPrompt
}

// AnswerReply is the learner's answer.
type AnswerReply struct {
	Answer    string `json:"answer"`
	Reasoning string `json:"reasoning"`
	// Expression is the computation of an expression-mode reply; the
	// caller evaluates it into Answer.
	Expression string `json:"expression,omitempty"`
}

// Answer asks the learner model to answer req.Question in req.Answer's
// mode, with its memories as a block or as turns.
func (x *Learner) Answer(ctx context.Context, req AnswerRequest) (AnswerReply, error) {
	req.Answer = req.Answer.OrText()
	base, ok := x.ep.conn.prompts["answer"]
	if !ok {
		return AnswerReply{}, fmt.Errorf("llm: no prompt named %q", "answer")
	}
	p, err := x.ep.conn.variants.answerPrompt(base, req.Answer, !req.Direct)
	if err != nil {
		return AnswerReply{}, err
	}
	msgs, err := answerMessages(p, req)
	if err != nil {
		return AnswerReply{}, err
	}
	var reply answerReply
	if err := exchange(ctx, x.ep, RoleLearner, p, msgs, x.temperature(req.Temperature), &reply); err != nil {
		return AnswerReply{}, err
	}
	return reply.decode(), nil
}

func (x *Learner) temperature(override *float64) float64 {
	if override != nil {
		return *override
	}
	return x.ep.cfg.Temperature
}

// PlanRequest asks the learner for its own procedural signature of a
// question before retrieval (APEX-EM's Plan phase, σ̂).
type PlanRequest struct {
	TaskType   string
	Question   string
	Context    string
	Vocabulary []string // operation names already in the graph, to reuse
}

// PlanSignature asks the learner model for the ordered abstract
// operations that solve req.Question, in canonical operation names.
func (x *Learner) PlanSignature(ctx context.Context, req PlanRequest) ([]string, error) {
	var reply struct {
		Operations []string `json:"operations"`
	}
	if err := structured(ctx, x.ep, RoleLearner, "plan_signature", req, x.ep.cfg.Temperature, &reply); err != nil {
		return nil, err
	}
	return evokg.PlannedSignature(reply.Operations), nil
}

// Decompose asks the learner model to work req.Question out as
// (skill, step_output) steps before answering.
func (x *Learner) Decompose(ctx context.Context, req AnswerRequest) ([]evokg.SkillStep, error) {
	var reply struct {
		Steps []evokg.SkillStep `json:"steps"`
	}
	if err := structured(ctx, x.ep, RoleLearner, "decompose", req, x.temperature(req.Temperature), &reply); err != nil {
		return nil, err
	}
	return reply.Steps, nil
}

// Expression asks the learner model for the arithmetic expression whose
// value answers req.Question, for the calculator; "" when there is none.
func (x *Learner) Expression(ctx context.Context, req AnswerRequest) (string, error) {
	var reply struct {
		Expression string `json:"expression"`
	}
	err := structured(ctx, x.ep, RoleLearner, "calculator", req, x.temperature(req.Temperature), &reply)
	return strings.TrimSpace(reply.Expression), err
}

// VerifyRequest asks the learner to check its draft answer.
type VerifyRequest struct {
	AnswerRequest
	Draft AnswerReply
}

// DraftCheck is the learner's check of its draft.
type DraftCheck struct {
	Verdict   string `json:"verdict"` // VerdictConfirmed or VerdictRevised
	Reasoning string `json:"reasoning"`
	Answer    string `json:"answer"`
}

// Verdicts.
const (
	VerdictConfirmed = "confirmed"
	VerdictRevised   = "revised"
)

// Verify asks the learner model to recompute req's question and confirm
// or revise the draft.
func (x *Learner) Verify(ctx context.Context, req VerifyRequest) (DraftCheck, error) {
	var v DraftCheck
	if err := structured(ctx, x.ep, RoleLearner, "verify_answer", req, x.temperature(req.Temperature), &v); err != nil {
		return DraftCheck{}, err
	}
	v.Answer = strings.TrimSpace(v.Answer)
	return v, nil
}

// ExploreRequest asks the explorer to observe an environment: which
// entities and relations a passage or tool output shows.
type ExploreRequest struct {
	TaskType    string
	Observation string
}

// Observation is what the explorer extracted.
type Observation struct {
	Entities  []ObservedEntity   `json:"entities"`
	Relations []ObservedRelation `json:"relations"`
}

// ObservedEntity is one entity met by the explorer.
type ObservedEntity struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// ObservedRelation is one relation between observed entities.
type ObservedRelation struct {
	From     string `json:"from"`
	Relation string `json:"relation"`
	To       string `json:"to"`
}

// Explore asks the learner model to list the entities and relations of an
// observation (the environment subgraph's input; package explorer calls it
// for every observation of its tour).
func (x *Learner) Explore(ctx context.Context, req ExploreRequest) (Observation, error) {
	var obs Observation
	err := structured(ctx, x.ep, RoleExplorer, "explore", req, x.ep.cfg.Temperature, &obs)
	return obs, err
}

// PlanTask asks the learner model for a task's goal, entities and
// procedural signature before retrieval (APEX-EM's Plan phase).
func (x *Learner) PlanTask(ctx context.Context, req PlanRequest) (evokg.TaskPlan, error) {
	var reply struct {
		Goal       string         `json:"goal"`
		Entities   []evokg.Entity `json:"entities"`
		Operations []string       `json:"operations"`
	}
	if err := structured(ctx, x.ep, RoleLearner, "plan_task", req, x.ep.cfg.Temperature, &reply); err != nil {
		return evokg.TaskPlan{}, err
	}
	return evokg.TaskPlan{Signature: evokg.PlannedSignature(reply.Operations), Entities: reply.Entities, Goal: reply.Goal}, nil
}

// AttemptRequest is one Generate round of PRGII: the plan, the retrieved
// P+ templates and P− guardrails, the rejected attempts with the
// validator's feedback and, after a stuck loop, divergent guidance.
type AttemptRequest struct {
	Question    string
	Context     string
	Goal        string
	Signature   []string
	Entities    []evokg.Entity
	Positives   []evokg.TaskMemory
	Negatives   []evokg.TaskMemory
	Previous    []evokg.TaskAttempt
	Divergent   string
	Temperature *float64
}

// GenerateAttempt asks the learner model for one attempt at a task.
func (x *Learner) GenerateAttempt(ctx context.Context, req AttemptRequest) (AnswerReply, error) {
	var reply AnswerReply
	if err := structured(ctx, x.ep, RoleLearner, "generate_attempt", req, x.temperature(req.Temperature), &reply); err != nil {
		return AnswerReply{}, err
	}
	reply.Answer = strings.TrimSpace(reply.Answer)
	return reply, nil
}

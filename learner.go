package evokg

import (
	"context"
	"encoding/json"
)

// Learner is the learner model: it answers questions with the memory
// retrieved for them, plans, verifies, calls tools and explores. llm.Learner
// implements it; nothing reachable from it calls a teacher model.
type Learner interface {
	Answer(ctx context.Context, req AnswerPrompt) (AnswerReply, error)
	PlanSignature(ctx context.Context, req PlanRequest) ([]string, error)
	Decompose(ctx context.Context, req AnswerPrompt) ([]SkillStep, error)
	Expression(ctx context.Context, req AnswerPrompt) (string, error)
	Verify(ctx context.Context, req VerifyRequest) (DraftCheck, error)
	CallTools(ctx context.Context, req ToolRoundRequest) (ToolRoundReply, error)
	Explore(ctx context.Context, req ExploreRequest) (ExploreReply, error)
	PlanActions(ctx context.Context, req ActionPlanRequest) (AnswerReply, error)
	PlanTask(ctx context.Context, req PlanRequest) (TaskPlan, error)
	GenerateAttempt(ctx context.Context, req AttemptRequest) (AnswerReply, error)
}

// AnswerPrompt is one question for the learner with the memory retrieved
// for it and what the routing arm's strategy produced before the answer.
type AnswerPrompt struct {
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
	Steps []SkillStep
	// ToolResult is the built-in calculator's result (the tool_call strategy
	// when no validated tool is recruited).
	ToolResult string
	// ToolUses are the validated tools the learner called and their results
	// (the tool_call strategy's ReAct loop).
	ToolUses []ToolUse
	// Temperature overrides the learner model's temperature (0 by
	// default; training uses 0.3).
	Temperature *float64
	// Answer is the reply's mode (text when unset).
	Answer AnswerSpec
	// Examples and Notes are the memories in the turns rendering: worked
	// examples as user/assistant pairs before the question, the rest in the
	// system message. The block rendering uses MemoryBlock instead.
	Examples []WorkedExample
	Notes    string
	// Direct asks for the answer without reasoning first.
	Direct bool
	// AgentRole and AgentPrompt are the recruited expert agent's role and
	// system prompt; the prompt leads every system message of the answer,
	// before the learner's own instructions.
	AgentRole, AgentPrompt string
}

// AnswerReply is the learner's answer.
type AnswerReply struct {
	Answer    string `json:"answer"`
	Reasoning string `json:"reasoning"`
	// Expression is the computation of an expression-mode reply; the
	// caller evaluates it into Answer.
	Expression string `json:"expression,omitempty"`
}

// WorkedExample is one memory as a worked example: a question and the
// reply the learner should have given, sent as a user/assistant pair before
// the question (the turns rendering).
type WorkedExample struct {
	Question   string
	Reasoning  string
	Expression string // expression mode; the answer's value when empty
	Answer     string
}

// PlanRequest asks the learner for its own procedural signature of a
// question before retrieval (APEX-EM's Plan phase, σ̂).
type PlanRequest struct {
	TaskType   string
	Question   string
	Context    string
	Vocabulary []string // operation names already in the graph, to reuse
}

// VerifyRequest asks the learner to check its draft answer.
type VerifyRequest struct {
	AnswerPrompt
	Draft AnswerReply
}

// DraftCheck is the learner's check of its draft.
type DraftCheck struct {
	Verdict   string `json:"verdict"` // VerdictConfirmed or VerdictRevised
	Reasoning string `json:"reasoning"`
	Answer    string `json:"answer"`
}

// Verdicts of a DraftCheck.
const (
	VerdictConfirmed = "confirmed"
	VerdictRevised   = "revised"
)

// ExploreRequest asks the explorer to observe an environment: which
// entities and relations a passage or tool output shows.
type ExploreRequest struct {
	TaskType    string
	Observation string
}

// ExploreReply is what the explorer extracted.
type ExploreReply struct {
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

// ActionPlanRequest asks the explorer to plan an episode's goal over what
// it observed: the relations it extracted (G_env, rendered), never the
// environment's own state.
type ActionPlanRequest struct {
	TaskType string
	Task     string // the episode as the learner is asked it: goal, first observation, action grammar
	Facts    string // the observed relations, one line per entity
}

// AttemptRequest is one Generate round of PRGII: the plan, the retrieved
// P+ templates and P− guardrails, the rejected attempts with the
// validator's feedback and, after a stuck loop, divergent guidance.
type AttemptRequest struct {
	Question    string
	Context     string
	Goal        string
	Signature   []string
	Entities    []Entity
	Positives   []TaskMemory
	Negatives   []TaskMemory
	Previous    []TaskAttempt
	Divergent   string
	Temperature *float64
}

// ToolDef is a tool offered to a model: its name, what it does and the
// JSON Schema of its input object (Ollama's and OpenAI's function tools).
type ToolDef struct {
	Name        string
	Description string
	Parameters  json.RawMessage
}

// ToolCall is one call a model asked for: the tool's name and its
// arguments as a JSON object. ID pairs the call with its result message
// (OpenAI requires it; Ollama may leave it empty).
type ToolCall struct {
	ID        string
	Name      string
	Arguments json.RawMessage
}

// ToolRoundRequest is one round of the learner's ReAct loop: the question
// as the answer prompt shows it, the tools on offer and the calls of the
// earlier rounds with what they returned.
type ToolRoundRequest struct {
	AnswerPrompt
	Tools []ToolDef
	Trace []ToolUse
}

// ToolRoundReply is the learner's move in a round: calls to make, or, when
// it makes none, its reply text and, when that text is an answer matching
// the round's schema (use_tools), the answer.
type ToolRoundReply struct {
	Calls  []ToolCall
	Text   string
	Answer *AnswerReply
}

package evokg

import "context"

// Disambiguator picks which existing node a mention refers to when the top
// candidates are too close to call by similarity alone. It returns the chosen
// candidate, or ok=false when the mention is new. The teacher model
// implements it.
type Disambiguator interface {
	Disambiguate(ctx context.Context, kind, mention string, candidates []string) (choice string, ok bool, err error)
}

// Teacher is the teacher model: it grades experiences, extracts
// signatures and principles, discovers and splits skills, critiques
// iterations, writes failure memories, tools, agents and prompts, plans the
// frontier, judges free-text answers and disambiguates mentions.
// llm.Teacher implements it.
type Teacher interface {
	Disambiguator
	EvaluateExperience(ctx context.Context, req EvaluateRequest) (ExperienceEvaluation, error)
	ExtractSignature(ctx context.Context, req SignatureRequest) ([]string, error)
	DiscoverSkills(ctx context.Context, req DiscoverRequest) (SkillPlan, error)
	Critique(ctx context.Context, req CritiqueRequest) ([]TaskTypeCritique, error)
	WriteFailureMemory(ctx context.Context, req FailureMemoryRequest) (FailureMemory, error)
	ExtractPrinciples(ctx context.Context, req PrinciplesRequest) ([]PrincipleSpec, error)
	AuthorTool(ctx context.Context, req ToolRequest) (ToolSpec, error)
	WriteAgent(ctx context.Context, req AgentRequest) (AgentSpec, error)
	RefinePrompt(ctx context.Context, req RefinePromptRequest) (PromptRefinement, error)
	SplitSkill(ctx context.Context, req SplitSkillRequest) (SplitSkillReply, error)
	PlanFrontier(ctx context.Context, req FrontierRequest) (FrontierPlan, error)
	Judge(ctx context.Context, req JudgeRequest) (Judgment, error)
}

// EvaluateRequest asks the teacher to grade one experience.
type EvaluateRequest struct {
	Experience Experience
	Gold       string // the expected answer when known
}

// ExperienceEvaluation is the teacher's grade of an experience. For
// failures it carries error registry entries and a patch reflection.
type ExperienceEvaluation struct {
	Evaluation Evaluation       // q and status computed by NewEvaluation
	Errors     []ErrorRecord    // error registry entries (failures)
	Patch      *PatchReflection // how to avoid the failure next time
}

// SignatureRequest asks for the structural signature of a procedure.
type SignatureRequest struct {
	TaskType   string
	Task       string
	Steps      []string
	Vocabulary []string // operation names already in the graph, to reuse
}

// SampleQuestion is one pool item shown to SkillDiscovery.
type SampleQuestion struct {
	Question string
	TaskType string
}

// DiscoverRequest is phase 0: induce skills from sample questions.
type DiscoverRequest struct {
	Questions []SampleQuestion
	MaxSkills int
}

// SkillSpec is a skill proposed by the teacher model.
type SkillSpec struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// TaskTypeSpec is a task type proposed by the teacher model.
type TaskTypeSpec struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// SkillTask links a skill to a task type it serves.
type SkillTask struct {
	Skill    string `json:"skill"`
	TaskType string `json:"task_type"`
}

// Prerequisite says Prerequisite must be mastered before Skill.
type Prerequisite struct {
	Skill        string `json:"skill"`
	Prerequisite string `json:"prerequisite"`
}

// SkillPlan is the initial capability and task subgraphs.
type SkillPlan struct {
	Skills        []SkillSpec    `json:"skills"`
	TaskTypes     []TaskTypeSpec `json:"task_types"`
	SkillForTask  []SkillTask    `json:"skill_for_task"`
	Prerequisites []Prerequisite `json:"prerequisites"`
}

// GradedExample is one graded answer shown to the Critic or a failure analyst.
type GradedExample struct {
	Question string
	Answer   string
	Gold     string
	Correct  bool
}

// TaskTypeResult is one task type's results of an iteration.
type TaskTypeResult struct {
	TaskType string
	Correct  int
	Total    int
	Examples []GradedExample
}

// CritiqueRequest asks the Critic to review an iteration.
type CritiqueRequest struct {
	Iteration int
	Results   []TaskTypeResult
}

// TaskTypeCritique is the Critic's view of one task type.
type TaskTypeCritique struct {
	TaskType string  `json:"task_type"`
	Score    float64 `json:"score"`
	Notes    string  `json:"notes"`
}

// FailureMemoryRequest asks for a failure memory of one failed item.
type FailureMemoryRequest struct {
	Kind      FailureKind // specific or type_strategy
	TaskType  string
	Question  string
	Context   string
	Answer    string // the wrong answer
	Gold      string
	Reasoning string // the learner's reasoning
	Critique  string // the Critic's notes on the task type this iteration, may be empty
	// Expression asks for the computation of the expected answer too (a
	// task type answered in expression mode).
	Expression bool
}

// FailureMemory is a failure memory's content: for kind specific a
// step-by-step recomputation of the item, for type_strategy the method for
// the question type.
type FailureMemory struct {
	Content string   `json:"content"`
	Steps   []string `json:"steps"`
	// Expression is the arithmetic that computes the expected answer
	// (FailureMemoryRequest.Expression); the caller checks its value.
	Expression string `json:"expression,omitempty"`
}

// PrinciplesRequest asks for principles of a skill from its memories.
type PrinciplesRequest struct {
	Skill     string
	TaskType  string
	Successes []string
	Failures  []string
	Existing  []string // principles the skill already has
	Max       int
}

// PrincipleSpec is one extracted principle.
type PrincipleSpec struct {
	Text        string `json:"text"`
	AppliesWhen string `json:"applies_when"`
}

// ToolRequest asks for a tool that would have prevented failures, guided
// by the task type's memories; Previous, when set, asks for a revision of
// a version that failed its validation.
type ToolRequest struct {
	Skill    string
	TaskType string
	Need     string   // what the tool must do
	Examples []string // failed items it should help with
	// FailureMemories and Successes are the task type's retrieved failure
	// corrections and worked successes (Mem2Evolve: creation guided by
	// experience).
	FailureMemories []string
	Successes       []string
	Previous        *ToolAttempt
}

// ToolAttempt is a version that failed its validation, as the model is
// shown it: its code, its tests and the validation record.
type ToolAttempt struct {
	Code       string
	Tests      string // the tests as JSON
	Validation string // what ran, passed, failed and why
}

// AgentRequest asks for an expert agent distilled from a task type's
// successful answers, able to use Tools ("name: description").
type AgentRequest struct {
	Skill     string
	TaskType  string
	Tools     []string
	Successes []string
}

// AgentSpec is a written expert agent: its role and system prompt.
type AgentSpec struct {
	Role         string `json:"role"`
	SystemPrompt string `json:"system_prompt"`
}

// RefinePromptRequest asks for a better prompt template for a skill.
type RefinePromptRequest struct {
	Skill         string
	CurrentPrompt string
	Strategy      string
	Failures      []string
}

// PromptRefinement is a refined prompt template and strategy.
type PromptRefinement struct {
	Prompt    string `json:"prompt"`
	Strategy  string `json:"strategy"`
	Rationale string `json:"rationale"`
}

// SplitSkillRequest asks to split a skill that covers too much.
type SplitSkillRequest struct {
	Skill       string
	Description string
	Strategy    string // the skill's current strategy, may be empty
	TaskTypes   []string
	Failures    []string
}

// SubSkill is one finer skill of a split, with the strategy the learner
// follows when it serves a question.
type SubSkill struct {
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Strategy    string   `json:"strategy"`
	TaskTypes   []string `json:"task_types"`
}

// SplitSkillReply is the result of a split: at least two finer skills.
type SplitSkillReply struct {
	Skills    []SubSkill `json:"skills"`
	Rationale string     `json:"rationale"`
}

// FrontierSkill is a skill on (or near) the frontier.
type FrontierSkill struct {
	Name          string
	Mastery       float64
	Prerequisites []string
}

// FrontierRequest asks the Navigator to plan the next iteration.
type FrontierRequest struct {
	Iteration int
	Accuracy  float64
	Frontier  []FrontierSkill
}

// PlanItem is one focus of the next iteration.
type PlanItem struct {
	Skill    string `json:"skill"`
	Priority int    `json:"priority"`
	Reason   string `json:"reason"`
}

// FrontierPlan is the Navigator's plan.
type FrontierPlan struct {
	Focus []PlanItem `json:"focus"`
	Notes string     `json:"notes"`
}

// JudgeRequest asks whether a free-text answer matches the gold answer.
type JudgeRequest struct {
	Question string
	Answer   string
	Gold     string
}

// Judgment is the judge's decision.
type Judgment struct {
	Correct bool   `json:"correct"`
	Reason  string `json:"reason"`
}

package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/evokg/evokg"
)

// Teacher is the teacher layer: SkillDiscovery, Navigator, Critic,
// Curator, the teacher/judge, the signature extractor and the failure
// analyst. Every method is one schema-constrained call.
type Teacher struct {
	ep endpoint
}

var _ evokg.Disambiguator = (*Teacher)(nil)

// Model returns the teacher model name.
func (g *Teacher) Model() string { return g.ep.cfg.Model }

func (g *Teacher) call(ctx context.Context, role Role, task string, data, out any) error {
	temperature := g.ep.cfg.Temperature
	if role.assesses() {
		temperature = 0
	}
	return structured(ctx, g.ep, role, task, data, temperature, out)
}

// assesses reports whether a teacher role grades, extracts or decides
// rather than writes new memory. Assessing roles run at temperature 0, so
// the same input gets the same verdict; the others run at the configured
// teacher (training) temperature, 0.3 in MAGE's EVOLVE phase.
func (r Role) assesses() bool {
	switch r {
	case RoleEvaluator, RoleJudge, RoleCritic, RoleSignature, RoleCurator:
		return true
	}
	return false
}

// EvaluateRequest asks the teacher to grade one experience.
type EvaluateRequest struct {
	Experience evokg.Experience
	Gold       string // the expected answer when known
}

// ExperienceEvaluation is the teacher's grade of an experience. For
// failures it carries error registry entries and a patch reflection.
type ExperienceEvaluation struct {
	Evaluation evokg.Evaluation       // q and status computed by evokg.NewEvaluation
	Errors     []evokg.ErrorRecord    // error registry entries (failures)
	Patch      *evokg.PatchReflection // how to avoid the failure next time
}

type evaluationReply struct {
	Correct   float64                `json:"correct"`
	Efficient float64                `json:"efficient"`
	Complete  float64                `json:"complete"`
	Feedback  string                 `json:"feedback"`
	Errors    []evokg.ErrorRecord    `json:"errors"`
	Patch     *evokg.PatchReflection `json:"patch"`
}

// EvaluateExperience grades an experience: correctness c, efficiency η and
// completeness κ in [0,1], feedback and, for failures, the error registry
// and a patch reflection.
func (g *Teacher) EvaluateExperience(ctx context.Context, req EvaluateRequest) (ExperienceEvaluation, error) {
	var r evaluationReply
	if err := g.call(ctx, RoleEvaluator, "evaluate_experience", req, &r); err != nil {
		return ExperienceEvaluation{}, err
	}
	ev := ExperienceEvaluation{Evaluation: evokg.NewEvaluation(r.Correct, r.Efficient, r.Complete, r.Feedback), Errors: r.Errors}
	if r.Patch != nil && strings.TrimSpace(r.Patch.Patch) != "" {
		ev.Patch = r.Patch
	}
	return ev, nil
}

// SignatureRequest asks for the structural signature of a procedure.
type SignatureRequest struct {
	TaskType   string
	Task       string
	Steps      []string
	Vocabulary []string // operation names already in the graph, to reuse
}

// ExtractSignature returns the ordered abstract operation names
// (lower snake_case) of a procedure, e.g. [entity_resolution,
// temporal_filter, aggregation].
func (g *Teacher) ExtractSignature(ctx context.Context, req SignatureRequest) ([]string, error) {
	var r struct {
		Operations []string `json:"operations"`
	}
	if err := g.call(ctx, RoleSignature, "extract_signature", req, &r); err != nil {
		return nil, err
	}
	return evokg.PlannedSignature(r.Operations), nil
}

// OperationName normalizes a tool's name to lower snake_case in ASCII.
func OperationName(s string) string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	return strings.Join(f, "_")
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

// maxDiscoveredSkills is the discover_skills schema's maxItems: one reply
// proposes at most this many skills; Phase 0 gives the task types they do
// not cover a skill of their own.
const maxDiscoveredSkills = 6

// DiscoverSkills induces skills, task types, skill_for_task pairs and
// prerequisite pairs from sample questions (phase 0). Skills beyond
// MaxSkills are dropped.
func (g *Teacher) DiscoverSkills(ctx context.Context, req DiscoverRequest) (SkillPlan, error) {
	if req.MaxSkills <= 0 {
		req.MaxSkills = evokg.DefaultMaxSkills
	}
	req.MaxSkills = min(req.MaxSkills, maxDiscoveredSkills)
	var plan SkillPlan
	if err := g.call(ctx, RoleSkillDiscovery, "discover_skills", req, &plan); err != nil {
		return SkillPlan{}, err
	}
	if len(plan.Skills) > req.MaxSkills {
		plan.Skills = plan.Skills[:req.MaxSkills]
	}
	return plan, nil
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

// Critique returns per task type scores in [0,1] and notes.
func (g *Teacher) Critique(ctx context.Context, req CritiqueRequest) ([]TaskTypeCritique, error) {
	var r struct {
		TaskTypes []TaskTypeCritique `json:"task_types"`
	}
	if err := g.call(ctx, RoleCritic, "critique", req, &r); err != nil {
		return nil, err
	}
	return r.TaskTypes, nil
}

// FailureMemoryRequest asks for a failure memory of one failed item.
type FailureMemoryRequest struct {
	Kind      evokg.FailureKind // specific or type_strategy
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

// WriteFailureMemory writes a failure memory of the requested kind.
func (g *Teacher) WriteFailureMemory(ctx context.Context, req FailureMemoryRequest) (FailureMemory, error) {
	if req.Kind != evokg.FailureTypeStrategy {
		req.Kind = evokg.FailureSpecific
	}
	var fm FailureMemory
	if !req.Expression {
		err := g.call(ctx, RoleFailureAnalyst, "write_failure_memory", req, &fm)
		return fm, err
	}
	base, ok := g.ep.conn.prompts["write_failure_memory"]
	if !ok {
		return fm, fmt.Errorf("llm: no prompt named %q", "write_failure_memory")
	}
	p, err := g.ep.conn.variants.get(base, "expression", func() map[string]any { return withExpression(base.bounds) })
	if err != nil {
		return fm, err
	}
	system, user, err := p.render(req)
	if err != nil {
		return fm, err
	}
	err = exchange(ctx, g.ep, RoleFailureAnalyst, p, []message{{Role: "system", Content: system}, {Role: "user", Content: user}},
		g.ep.cfg.Temperature, &fm)
	fm.Expression = strings.TrimSpace(fm.Expression)
	return fm, err
}

// withExpression is the failure memory schema with a required expression.
func withExpression(schema map[string]any) map[string]any {
	out := maps.Clone(schema)
	props := maps.Clone(schema["properties"].(map[string]any))
	props["expression"] = map[string]any{"type": "string", "minLength": 1, "maxLength": evokg.MaxExpressionRunes}
	out["properties"] = props
	out["required"] = append(slices.Clone(anySlice(schema["required"])), "expression")
	return out
}

func anySlice(v any) []any {
	s, _ := v.([]any)
	return s
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

// ExtractPrinciples distils up to req.Max new principles (default 3).
func (g *Teacher) ExtractPrinciples(ctx context.Context, req PrinciplesRequest) ([]PrincipleSpec, error) {
	if req.Max <= 0 {
		req.Max = 3
	}
	var r struct {
		Principles []PrincipleSpec `json:"principles"`
	}
	if err := g.call(ctx, RoleSkillDiscovery, "extract_principles", req, &r); err != nil {
		return nil, err
	}
	return r.Principles[:min(len(r.Principles), req.Max)], nil
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

// ToolField is one input or output field of an authored tool.
type ToolField struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// AuthorTool writes a tool: name, description, input/output schemas, code
// and tests. The schemas are JSON Schemas of objects, built from the fields
// the model lists (a nested schema would be unbounded).
func (g *Teacher) AuthorTool(ctx context.Context, req ToolRequest) (evokg.ToolSpec, error) {
	var r struct {
		Name        string           `json:"name"`
		Description string           `json:"description"`
		Code        string           `json:"code"`
		Tests       []evokg.ToolTest `json:"tests"`
		Inputs      []ToolField      `json:"inputs"`
		Outputs     []ToolField      `json:"outputs"`
	}
	if err := g.call(ctx, RoleSkillDiscovery, "author_tool", req, &r); err != nil {
		return evokg.ToolSpec{}, err
	}
	return evokg.ToolSpec{Name: OperationName(r.Name), Description: r.Description, Code: r.Code, Tests: r.Tests,
		InputSchema: fieldsSchema(r.Inputs), OutputSchema: fieldsSchema(r.Outputs)}, nil
}

// fieldsSchema is the JSON Schema of an object with fields as its
// required properties.
func fieldsSchema(fields []ToolField) json.RawMessage {
	props := make(map[string]any, len(fields))
	required := []string{}
	for _, f := range fields {
		if _, dup := props[f.Name]; !dup {
			required = append(required, f.Name)
		}
		props[f.Name] = jsonType(f.Type)
	}
	out, _ := json.Marshal(map[string]any{"type": "object", "properties": props, "required": required}) // maps of strings always marshal
	return out
}

// jsonType is the JSON Schema of a type named in a tool reply: a JSON type
// as it is, common synonyms mapped, anything else a described string.
func jsonType(name string) map[string]any {
	n := strings.ToLower(strings.TrimSpace(name))
	switch n {
	case "string", "number", "integer", "boolean", "array", "object":
		return map[string]any{"type": n}
	case "int", "long":
		return map[string]any{"type": "integer"}
	case "float", "double", "decimal":
		return map[string]any{"type": "number"}
	case "bool":
		return map[string]any{"type": "boolean"}
	case "list":
		return map[string]any{"type": "array"}
	case "dict", "map":
		return map[string]any{"type": "object"}
	}
	return map[string]any{"type": "string", "description": name}
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

// WriteAgent writes an expert agent's role and system prompt (Mem2Evolve
// asset creation guided by successful experience).
func (g *Teacher) WriteAgent(ctx context.Context, req AgentRequest) (AgentSpec, error) {
	var a AgentSpec
	err := g.call(ctx, RoleSkillDiscovery, "write_agent", req, &a)
	return a, err
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

// RefinePrompt rewrites a skill's prompt template and strategy.
func (g *Teacher) RefinePrompt(ctx context.Context, req RefinePromptRequest) (PromptRefinement, error) {
	var r PromptRefinement
	err := g.call(ctx, RoleSkillDiscovery, "refine_prompt", req, &r)
	return r, err
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

// SkillSplit is the result of a split: at least two finer skills.
type SkillSplit struct {
	Skills    []SubSkill `json:"skills"`
	Rationale string     `json:"rationale"`
}

// SplitSkill splits a skill into at least two finer skills.
func (g *Teacher) SplitSkill(ctx context.Context, req SplitSkillRequest) (SkillSplit, error) {
	var r SkillSplit
	err := g.call(ctx, RoleSkillDiscovery, "split_skill", req, &r)
	return r, err
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

// Plan is the Navigator's plan.
type Plan struct {
	Focus []PlanItem `json:"focus"`
	Notes string     `json:"notes"`
}

// PlanFrontier refines the frontier into the next plan; skills not on the
// frontier are dropped from it.
func (g *Teacher) PlanFrontier(ctx context.Context, req FrontierRequest) (Plan, error) {
	var p Plan
	if err := g.call(ctx, RoleNavigator, "plan_frontier", req, &p); err != nil {
		return Plan{}, err
	}
	p.Focus = slices.DeleteFunc(p.Focus, func(it PlanItem) bool {
		return !slices.ContainsFunc(req.Frontier, func(f FrontierSkill) bool { return f.Name == it.Skill })
	})
	return p, nil
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

// Judge decides whether a free-text answer is right against the gold answer.
func (g *Teacher) Judge(ctx context.Context, req JudgeRequest) (Judgment, error) {
	var v Judgment
	err := g.call(ctx, RoleJudge, "judge", req, &v)
	return v, err
}

// Disambiguate picks which candidate a mention refers to, or ok=false
// when it is none of them (it implements evokg.Disambiguator). A choice
// that is not one of the candidates counts as none.
func (g *Teacher) Disambiguate(ctx context.Context, kind, mention string, candidates []string) (string, bool, error) {
	data := struct {
		Kind, Mention string
		Candidates    []string
	}{kind, mention, candidates}
	var r struct {
		Choice string `json:"choice"`
		IsNew  bool   `json:"is_new"`
	}
	if err := g.call(ctx, RoleCurator, "disambiguate", data, &r); err != nil {
		return "", false, err
	}
	if r.IsNew || !slices.Contains(candidates, r.Choice) {
		return "", false, nil
	}
	return r.Choice, true, nil
}

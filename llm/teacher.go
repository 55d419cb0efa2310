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

var (
	_ evokg.Teacher       = (*Teacher)(nil)
	_ evokg.Disambiguator = (*Teacher)(nil)
)

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
func (g *Teacher) EvaluateExperience(ctx context.Context, req evokg.EvaluateRequest) (evokg.ExperienceEvaluation, error) {
	var r evaluationReply
	if err := g.call(ctx, RoleEvaluator, "evaluate_experience", req, &r); err != nil {
		return evokg.ExperienceEvaluation{}, err
	}
	ev := evokg.ExperienceEvaluation{Evaluation: evokg.NewEvaluation(r.Correct, r.Efficient, r.Complete, r.Feedback), Errors: r.Errors}
	if r.Patch != nil && strings.TrimSpace(r.Patch.Patch) != "" {
		ev.Patch = r.Patch
	}
	return ev, nil
}

// ExtractSignature returns the ordered abstract operation names
// (lower snake_case) of a procedure, e.g. [entity_resolution,
// temporal_filter, aggregation].
func (g *Teacher) ExtractSignature(ctx context.Context, req evokg.SignatureRequest) ([]string, error) {
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

// maxDiscoveredSkills is the discover_skills schema's maxItems: one reply
// proposes at most this many skills; Phase 0 gives the task types they do
// not cover a skill of their own.
const maxDiscoveredSkills = 6

// DiscoverSkills induces skills, task types, skill_for_task pairs and
// prerequisite pairs from sample questions (phase 0). Skills beyond
// MaxSkills are dropped.
func (g *Teacher) DiscoverSkills(ctx context.Context, req evokg.DiscoverRequest) (evokg.SkillPlan, error) {
	if req.MaxSkills <= 0 {
		req.MaxSkills = evokg.DefaultMaxSkills
	}
	req.MaxSkills = min(req.MaxSkills, maxDiscoveredSkills)
	var plan evokg.SkillPlan
	if err := g.call(ctx, RoleSkillDiscovery, "discover_skills", req, &plan); err != nil {
		return evokg.SkillPlan{}, err
	}
	if len(plan.Skills) > req.MaxSkills {
		plan.Skills = plan.Skills[:req.MaxSkills]
	}
	return plan, nil
}

// Critique returns per task type scores in [0,1] and notes.
func (g *Teacher) Critique(ctx context.Context, req evokg.CritiqueRequest) ([]evokg.TaskTypeCritique, error) {
	var r struct {
		TaskTypes []evokg.TaskTypeCritique `json:"task_types"`
	}
	if err := g.call(ctx, RoleCritic, "critique", req, &r); err != nil {
		return nil, err
	}
	return r.TaskTypes, nil
}

// WriteFailureMemory writes a failure memory of the requested kind.
func (g *Teacher) WriteFailureMemory(ctx context.Context, req evokg.FailureMemoryRequest) (evokg.FailureMemory, error) {
	if req.Kind != evokg.FailureTypeStrategy {
		req.Kind = evokg.FailureSpecific
	}
	var fm evokg.FailureMemory
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

// ExtractPrinciples distils up to req.Max new principles (default 3).
func (g *Teacher) ExtractPrinciples(ctx context.Context, req evokg.PrinciplesRequest) ([]evokg.PrincipleSpec, error) {
	if req.Max <= 0 {
		req.Max = 3
	}
	var r struct {
		Principles []evokg.PrincipleSpec `json:"principles"`
	}
	if err := g.call(ctx, RoleSkillDiscovery, "extract_principles", req, &r); err != nil {
		return nil, err
	}
	return r.Principles[:min(len(r.Principles), req.Max)], nil
}

// ToolField is one input or output field of an authored tool.
type ToolField struct {
	Name string `json:"name"`
	Type string `json:"type"`
}

// AuthorTool writes a tool: name, description, input/output schemas, code
// and tests. The schemas are JSON Schemas of objects, built from the fields
// the model lists (a nested schema would be unbounded).
func (g *Teacher) AuthorTool(ctx context.Context, req evokg.ToolRequest) (evokg.ToolSpec, error) {
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

// WriteAgent writes an expert agent's role and system prompt (Mem2Evolve
// asset creation guided by successful experience).
func (g *Teacher) WriteAgent(ctx context.Context, req evokg.AgentRequest) (evokg.AgentSpec, error) {
	var a evokg.AgentSpec
	err := g.call(ctx, RoleSkillDiscovery, "write_agent", req, &a)
	return a, err
}

// RefinePrompt rewrites a skill's prompt template and strategy.
func (g *Teacher) RefinePrompt(ctx context.Context, req evokg.RefinePromptRequest) (evokg.PromptRefinement, error) {
	var r evokg.PromptRefinement
	err := g.call(ctx, RoleSkillDiscovery, "refine_prompt", req, &r)
	return r, err
}

// SplitSkill splits a skill into at least two finer skills.
func (g *Teacher) SplitSkill(ctx context.Context, req evokg.SplitSkillRequest) (evokg.SplitSkillReply, error) {
	var r evokg.SplitSkillReply
	err := g.call(ctx, RoleSkillDiscovery, "split_skill", req, &r)
	return r, err
}

// PlanFrontier refines the frontier into the next plan; skills not on the
// frontier are dropped from it.
func (g *Teacher) PlanFrontier(ctx context.Context, req evokg.FrontierRequest) (evokg.FrontierPlan, error) {
	var p evokg.FrontierPlan
	if err := g.call(ctx, RoleNavigator, "plan_frontier", req, &p); err != nil {
		return evokg.FrontierPlan{}, err
	}
	p.Focus = slices.DeleteFunc(p.Focus, func(it evokg.PlanItem) bool {
		return !slices.ContainsFunc(req.Frontier, func(f evokg.FrontierSkill) bool { return f.Name == it.Skill })
	})
	return p, nil
}

// Judge decides whether a free-text answer is right against the gold answer.
func (g *Teacher) Judge(ctx context.Context, req evokg.JudgeRequest) (evokg.Judgment, error) {
	var v evokg.Judgment
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

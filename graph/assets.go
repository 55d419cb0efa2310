package graph

// Mem2Evolve's asset memory in the graph: the projection of the tools and
// expert agents package assets stores in Postgres (their code, tests and
// validation records live there whole), with CAN_USE, CREATED_FROM and
// HAS_TOOL for provenance and Neo4j Browser.

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// Tool is an asset of Mem2Evolve's memory: code with its schemas. A new
// version is a new node. Validated is true only when the sandbox passed
// every test of the version (package assets); the counts and reason
// summarise its validation record.
type Tool struct {
	ID               uuid.UUID `json:"id"`
	Name             string    `json:"name"`
	Description      string    `json:"description"`
	InputSchema      string    `json:"input_schema"`
	OutputSchema     string    `json:"output_schema"`
	Code             string    `json:"code"`
	Validated        bool      `json:"validated"`
	Version          int       `json:"version"`
	TestsRan         int       `json:"tests_ran"`
	TestsPassed      int       `json:"tests_passed"`
	ValidationReason string    `json:"validation_reason,omitempty"`
	CreatedAt        time.Time `json:"created_at"`
}

// ExpertAgent is an expert agent of the asset memory with the tools it can use.
type ExpertAgent struct {
	ID           uuid.UUID   `json:"id"`
	Role         string      `json:"role"`
	Version      int         `json:"version"`
	SystemPrompt string      `json:"system_prompt"`
	Tools        []uuid.UUID `json:"tools,omitempty"`
}

// UpsertTool stores a tool by id (a zero id gets a new one). Name and
// version are unique per namespace (ECONFLICT otherwise).
func (g *Graph) UpsertTool(ctx context.Context, ns string, t Tool) (Tool, error) {
	return g.writeTool(ctx, "tool_upsert", ns, t)
}

// ProjectTool stores a tool version kept whole elsewhere (package assets'
// Postgres rows) by its id, replacing a stale node of the same name and
// version under another id.
func (g *Graph) ProjectTool(ctx context.Context, ns string, t Tool) (Tool, error) {
	return g.writeTool(ctx, "tool_project", ns, t)
}

func (g *Graph) writeTool(ctx context.Context, stmt, ns string, t Tool) (Tool, error) {
	var v evokg.Validator
	v.Check(t.Name != "", "/name", "is required")
	v.Check(t.Version >= 1, "/version", "must be at least 1")
	if err := v.Err(); err != nil {
		return Tool{}, err
	}
	if t.ID == uuid.Nil {
		t.ID = evokg.NewID()
	}
	recs, err := g.writeOne(ctx, stmt, params(ns, "id", t.ID.String(), "name", t.Name, "description", t.Description,
		"input_schema", t.InputSchema, "output_schema", t.OutputSchema, "code", t.Code, "validated", t.Validated, "version", t.Version,
		"tests_ran", t.TestsRan, "tests_passed", t.TestsPassed, "validation_reason", t.ValidationReason))
	if err != nil {
		return Tool{}, err
	}
	return toolFrom(rowOf(recs[0]).sub("tool")), nil
}

// GetTool returns a tool by id, or ENOTFOUND.
func (g *Graph) GetTool(ctx context.Context, ns string, id uuid.UUID) (Tool, error) {
	recs, err := g.readOne(ctx, "tool_get", params(ns, "id", id.String()))
	if err != nil {
		return Tool{}, err
	}
	if len(recs) == 0 {
		return Tool{}, evokg.Errorf(evokg.ENOTFOUND, "tool %s not found", id)
	}
	return toolFrom(rowOf(recs[0]).sub("tool")), nil
}

// ListTools returns the tools of a namespace by name and version.
func (g *Graph) ListTools(ctx context.Context, ns string) ([]Tool, error) {
	return g.tools(ctx, "tool_list", params(ns))
}

// SkillTools returns the tools a skill HAS_TOOL.
func (g *Graph) SkillTools(ctx context.Context, ns, skill string) ([]Tool, error) {
	return g.tools(ctx, "skill_tools", params(ns, "skill", skill))
}

func (g *Graph) tools(ctx context.Context, stmt string, p map[string]any) ([]Tool, error) {
	recs, err := g.readOne(ctx, stmt, p)
	if err != nil {
		return nil, err
	}
	out := make([]Tool, len(recs))
	for i, rec := range recs {
		out[i] = toolFrom(rowOf(rec).sub("tool"))
	}
	return out, nil
}

// UpsertExpertAgent stores an expert agent by id (a zero id gets a new one).
func (g *Graph) UpsertExpertAgent(ctx context.Context, ns string, a ExpertAgent) (ExpertAgent, error) {
	return g.writeExpertAgent(ctx, "expert_agent_upsert", ns, a)
}

// ProjectExpertAgent stores an expert agent version kept whole elsewhere
// (package assets) by its id, replacing a stale node of the same role and
// version under another id.
func (g *Graph) ProjectExpertAgent(ctx context.Context, ns string, a ExpertAgent) (ExpertAgent, error) {
	return g.writeExpertAgent(ctx, "expert_agent_project", ns, a)
}

func (g *Graph) writeExpertAgent(ctx context.Context, stmt, ns string, a ExpertAgent) (ExpertAgent, error) {
	if a.Role == "" {
		return ExpertAgent{}, evokg.Invalid(evokg.FieldError{Pointer: "/role", Detail: "is required"})
	}
	if a.ID == uuid.Nil {
		a.ID = evokg.NewID()
	}
	a.Version = max(a.Version, 1)
	_, err := g.writeOne(ctx, stmt, params(ns, "id", a.ID.String(), "role", a.Role, "version", a.Version,
		"system_prompt", a.SystemPrompt))
	return a, err
}

// ListExpertAgents returns the expert agents of a namespace with their tools.
func (g *Graph) ListExpertAgents(ctx context.Context, ns string) ([]ExpertAgent, error) {
	recs, err := g.readOne(ctx, "expert_agent_list", params(ns))
	if err != nil {
		return nil, err
	}
	out := make([]ExpertAgent, len(recs))
	for i, rec := range recs {
		r := rowOf(rec)
		a := r.sub("agent")
		out[i] = ExpertAgent{ID: a.uuid("id"), Role: a.str("role"), Version: int(a.i64("version")), SystemPrompt: a.str("system_prompt")}
		for _, id := range r.strs("tools") {
			out[i].Tools = append(out[i].Tools, uuid.MustParse(id))
		}
	}
	return out, nil
}

// GrantTool draws (agent)-[:CAN_USE]->(tool).
func (g *Graph) GrantTool(ctx context.Context, ns string, agent, tool uuid.UUID) error {
	return g.link(ctx, "expert_agent_can_use", params(ns, "agent_id", agent.String(), "tool_id", tool.String()), "expert agent or tool")
}

// ToolCreatedFrom draws (tool)-[:CREATED_FROM]->(experience).
func (g *Graph) ToolCreatedFrom(ctx context.Context, ns string, tool, experience uuid.UUID) error {
	return g.link(ctx, "tool_created_from", params(ns, "tool_id", tool.String(), "experience_id", experience.String()), "tool or experience")
}

// AttachTool draws (skill)-[:HAS_TOOL]->(tool).
func (g *Graph) AttachTool(ctx context.Context, ns, skill string, tool uuid.UUID) error {
	return g.link(ctx, "skill_has_tool", params(ns, "skill", skill, "tool_id", tool.String()), "skill or tool")
}

func toolFrom(r row) Tool {
	return Tool{ID: r.uuid("id"), Name: r.str("name"), Description: r.str("description"), InputSchema: r.str("input_schema"),
		OutputSchema: r.str("output_schema"), Code: r.str("code"), Validated: r.boolean("validated"),
		Version: int(r.i64("version")), TestsRan: int(r.i64("tests_ran")), TestsPassed: int(r.i64("tests_passed")),
		ValidationReason: r.str("validation_reason"), CreatedAt: r.time("created_at")}
}

// ToolExperiences returns the ids of the experiences a tool was CREATED_FROM.
func (g *Graph) ToolExperiences(ctx context.Context, ns string, tool uuid.UUID) ([]uuid.UUID, error) {
	recs, err := g.readOne(ctx, "tool_experiences", params(ns, "id", tool.String()))
	if err != nil {
		return nil, err
	}
	out := make([]uuid.UUID, len(recs))
	for i, rec := range recs {
		out[i] = rowOf(rec).uuid("id")
	}
	return out, nil
}

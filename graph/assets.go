package graph

// Mem2Evolve's asset memory in the graph: the projection of the tools and
// expert agents package assets stores in Postgres (their code, tests and
// validation records live there whole), with CAN_USE, CREATED_FROM and
// HAS_TOOL for provenance and Neo4j Browser.

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// A tool node holds a version's code, schemas and the summary of its
// validation record (ran, passed, reason); an expert agent node its role
// and prompt. A new version is a new node.

// UpsertTool stores a tool by id (a zero id gets a new one). Name and
// version are unique per namespace (ECONFLICT otherwise).
func (g *Graph) UpsertTool(ctx context.Context, ns string, t evokg.Tool) (evokg.Tool, error) {
	return g.writeTool(ctx, "tool_upsert", ns, t)
}

// ProjectTool stores a tool version kept whole elsewhere (package assets'
// Postgres rows) by its id, replacing a stale node of the same name and
// version under another id.
func (g *Graph) ProjectTool(ctx context.Context, ns string, t evokg.Tool) (evokg.Tool, error) {
	return g.writeTool(ctx, "tool_project", ns, t)
}

func (g *Graph) writeTool(ctx context.Context, stmt, ns string, t evokg.Tool) (evokg.Tool, error) {
	var v evokg.FieldErrors
	v.Check(t.Name != "", "/name", "is required")
	v.Check(t.Version >= 1, "/version", "must be at least 1")
	if err := v.Err(); err != nil {
		return evokg.Tool{}, err
	}
	if t.ID == uuid.Nil {
		t.ID = evokg.NewID()
	}
	recs, err := g.writeOne(ctx, stmt, params(ns, "id", t.ID.String(), "name", t.Name, "description", t.Description,
		"input_schema", string(t.InputSchema), "output_schema", string(t.OutputSchema), "code", t.Code, "validated", t.Validated,
		"version", t.Version, "tests_ran", t.Validation.Ran, "tests_passed", t.Validation.Passed, "validation_reason", t.Validation.Reason))
	if err != nil {
		return evokg.Tool{}, err
	}
	return toolFrom(rowOf(recs[0]).sub("tool")), nil
}

// GetTool returns a tool by id, or ENOTFOUND.
func (g *Graph) GetTool(ctx context.Context, ns string, id uuid.UUID) (evokg.Tool, error) {
	recs, err := g.readOne(ctx, "tool_get", params(ns, "id", id.String()))
	if err != nil {
		return evokg.Tool{}, err
	}
	if len(recs) == 0 {
		return evokg.Tool{}, evokg.Errorf(evokg.ENOTFOUND, "tool %s not found", id)
	}
	return toolFrom(rowOf(recs[0]).sub("tool")), nil
}

// ListTools returns the tools of a namespace by name and version.
func (g *Graph) ListTools(ctx context.Context, ns string) ([]evokg.Tool, error) {
	return g.tools(ctx, "tool_list", params(ns))
}

// SkillTools returns the tools a skill HAS_TOOL.
func (g *Graph) SkillTools(ctx context.Context, ns, skill string) ([]evokg.Tool, error) {
	return g.tools(ctx, "skill_tools", params(ns, "skill", skill))
}

func (g *Graph) tools(ctx context.Context, stmt string, p map[string]any) ([]evokg.Tool, error) {
	recs, err := g.readOne(ctx, stmt, p)
	if err != nil {
		return nil, err
	}
	out := make([]evokg.Tool, len(recs))
	for i, rec := range recs {
		out[i] = toolFrom(rowOf(rec).sub("tool"))
	}
	return out, nil
}

// UpsertExpertAgent stores an expert agent by id (a zero id gets a new one).
func (g *Graph) UpsertExpertAgent(ctx context.Context, ns string, a evokg.ExpertAgent) (evokg.ExpertAgent, error) {
	return g.writeExpertAgent(ctx, "expert_agent_upsert", ns, a)
}

// ProjectExpertAgent stores an expert agent version kept whole elsewhere
// (package assets) by its id, replacing a stale node of the same role and
// version under another id.
func (g *Graph) ProjectExpertAgent(ctx context.Context, ns string, a evokg.ExpertAgent) (evokg.ExpertAgent, error) {
	return g.writeExpertAgent(ctx, "expert_agent_project", ns, a)
}

func (g *Graph) writeExpertAgent(ctx context.Context, stmt, ns string, a evokg.ExpertAgent) (evokg.ExpertAgent, error) {
	if a.Role == "" {
		return evokg.ExpertAgent{}, evokg.Invalid(evokg.FieldError{Pointer: "/role", Detail: "is required"})
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
func (g *Graph) ListExpertAgents(ctx context.Context, ns string) ([]evokg.ExpertAgent, error) {
	recs, err := g.readOne(ctx, "expert_agent_list", params(ns))
	if err != nil {
		return nil, err
	}
	out := make([]evokg.ExpertAgent, len(recs))
	for i, rec := range recs {
		r := rowOf(rec)
		a := r.sub("agent")
		out[i] = evokg.ExpertAgent{ID: a.uuid("id"), Version: int(a.i64("version")),
			ExpertAgentSpec: evokg.ExpertAgentSpec{Role: a.str("role"), SystemPrompt: a.str("system_prompt")}}
		for _, id := range r.strs("tools") {
			out[i].ToolIDs = append(out[i].ToolIDs, uuid.MustParse(id))
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

func toolFrom(r row) evokg.Tool {
	ran, passed := int(r.i64("tests_ran")), int(r.i64("tests_passed"))
	return evokg.Tool{ID: r.uuid("id"), Version: int(r.i64("version")), Validated: r.boolean("validated"), CreatedAt: r.time("created_at"),
		ToolSpec: evokg.ToolSpec{Name: r.str("name"), Description: r.str("description"), Code: r.str("code"),
			InputSchema: rawJSON(r.str("input_schema")), OutputSchema: rawJSON(r.str("output_schema"))},
		Validation: evokg.ToolValidation{Ran: ran, Passed: passed, Failed: ran - passed, Reason: r.str("validation_reason")}}
}

// rawJSON is a stored schema, nil when there is none.
func rawJSON(s string) json.RawMessage {
	if s == "" {
		return nil
	}
	return json.RawMessage(s)
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

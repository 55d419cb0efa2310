package graph

// APEX-EM's procedural knowledge graph beyond what projection writes:
// sub-tasks, entity resolution and relations, operation uses. Only its tests
// reach it until issue 20 (PRGII's Plan: a new task's signature, entities and
// sub-tasks) wires it.

import (
	"context"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// link runs a statement that draws one edge and returns "linked"; no row or
// zero means an endpoint is missing.
func (g *Graph) link(ctx context.Context, stmt string, p map[string]any, what string) error {
	recs, err := g.writeOne(ctx, stmt, p)
	if err != nil {
		return err
	}
	if len(recs) == 0 || rowOf(recs[0]).i64("linked") == 0 {
		return evokg.Errorf(evokg.ENOTFOUND, "%s not found", what)
	}
	return nil
}

// SubTask is a decomposed sub-problem of an experience (APEX-EM).
type SubTask struct {
	ID          uuid.UUID `json:"id"`
	Description string    `json:"description"`
	Position    int       `json:"position"`
	Operation   string    `json:"operation,omitempty"`
}

// AddSubTask attaches a sub-task to an experience with HAS_SUBTASK. It is
// idempotent by sub-task id; a zero id gets a new one.
func (g *Graph) AddSubTask(ctx context.Context, ns string, experience uuid.UUID, st SubTask) (SubTask, error) {
	if st.ID == uuid.Nil {
		st.ID = evokg.NewID()
	}
	st.Operation = evokg.NormalizeOperation(st.Operation)
	recs, err := g.writeOne(ctx, "sub_task_add", params(ns, "experience_id", experience.String(), "id", st.ID.String(),
		"description", st.Description, "position", st.Position, "operation", st.Operation))
	if err != nil {
		return SubTask{}, err
	}
	if len(recs) == 0 {
		return SubTask{}, evokg.Errorf(evokg.ENOTFOUND, "experience %s not found", experience)
	}
	return st, nil
}

// SubTasks returns the sub-tasks of an experience in order.
func (g *Graph) SubTasks(ctx context.Context, ns string, experience uuid.UUID) ([]SubTask, error) {
	recs, err := g.readOne(ctx, "sub_task_list", params(ns, "experience_id", experience.String()))
	if err != nil {
		return nil, err
	}
	out := make([]SubTask, len(recs))
	for i, rec := range recs {
		r := rowOf(rec).sub("sub_task")
		out[i] = SubTask{ID: r.uuid("id"), Description: r.str("description"), Position: int(r.i64("position")), Operation: r.str("operation")}
	}
	return out, nil
}

// UpsertEntity creates a PKG entity by exact name (no resolution), or
// updates its type when typ is not empty.
func (g *Graph) UpsertEntity(ctx context.Context, ns string, e evokg.Entity) error {
	name := normalizeEntity(e.Name)
	if name == "" {
		return evokg.Invalid(evokg.FieldError{Pointer: "/name", Detail: "is required"})
	}
	_, err := g.writeOne(ctx, "entity_upsert", params(ns, "name", name, "type", e.Type, "id", evokg.NewID().String()))
	return err
}

// ResolveEntities maps entity mentions to the names of the Entity nodes
// they denote (exact name, else embedding similarity ≥ τ_r), without writing.
func (g *Graph) ResolveEntities(ctx context.Context, ns string, mentions []string) ([]string, error) {
	return g.resolveMentions(ctx, ns, entityResolver, mentions)
}

// RelateEntities draws (from)-[:RELATES_TO {property}]->(to).
func (g *Graph) RelateEntities(ctx context.Context, ns, from, to, property string) error {
	return g.link(ctx, "entity_relate", params(ns, "from", from, "to", to, "property", property), "entity "+from+" or "+to)
}

// MarkEquivalent draws EQUIVALENT_TO between two entities of different domains.
func (g *Graph) MarkEquivalent(ctx context.Context, ns, a, b string) error {
	return g.link(ctx, "entity_equivalent", params(ns, "a", a, "b", b), "entity "+a+" or "+b)
}

// OperationUses draws (operation)-[:USES]->(property entity), creating the
// property entity if needed.
func (g *Graph) OperationUses(ctx context.Context, ns, operation, property string) error {
	return g.link(ctx, "operation_uses", params(ns, "operation", evokg.NormalizeOperation(operation),
		"property", normalizeEntity(property), "id", evokg.NewID().String()), "operation "+operation)
}

// EntityRelation is one RELATES_TO or EQUIVALENT_TO edge of an entity.
type EntityRelation struct {
	Type     string `json:"type"`
	Property string `json:"property,omitempty"`
	Other    string `json:"other"`
}

// EntityRelations returns an entity's RELATES_TO and EQUIVALENT_TO edges
// and the operations that USE it.
func (g *Graph) EntityRelations(ctx context.Context, ns, name string) ([]EntityRelation, []string, error) {
	recs, err := g.readOne(ctx, "entity_relations", params(ns, "name", name))
	if err != nil {
		return nil, nil, err
	}
	if len(recs) == 0 {
		return nil, nil, evokg.Errorf(evokg.ENOTFOUND, "entity %q not found", name)
	}
	r := rowOf(recs[0])
	var rels []EntityRelation
	for _, x := range r.rows("rels") {
		if x.str("type") != "" {
			rels = append(rels, EntityRelation{Type: x.str("type"), Property: x.str("property"), Other: x.str("other")})
		}
	}
	return rels, r.strs("used_by"), nil
}

// OperationVocabulary returns up to limit operation names of the namespace,
// the most used by experience signatures first.
func (g *Graph) OperationVocabulary(ctx context.Context, ns string, limit int) ([]string, error) {
	recs, err := g.readOne(ctx, "operation_vocabulary", params(ns, "limit", limit))
	if err != nil {
		return nil, err
	}
	names := make([]string, len(recs))
	for i, r := range recs {
		names[i] = rowOf(r).str("name")
	}
	return names, nil
}

package graph

import (
	"context"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
)

// DeleteExperiences removes the given experiences from the graph unless
// they are protected memories, then recounts the task types' memory
// counters. It is the graph half of deleting a retrieval recipe or an
// abstracted pattern; the Postgres row goes first, in the transaction that
// enqueues this deletion. Deleting an absent node is a no-op, so retries
// are safe.
func (g *Graph) DeleteExperiences(ctx context.Context, ns string, ids []uuid.UUID) (int64, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	recs, err := g.deleteExperiences(ctx, "experience_delete_unprotected", params(ns, "ids", uuidStrings(ids)))
	if err != nil {
		return 0, err
	}
	var n int64
	if len(recs) > 0 {
		n = rowOf(recs[0]).i64("deleted")
	}
	return n, g.RecountMemories(ctx, ns)
}

// SkillTaskTypes lists the task types a skill serves (SKILL_FOR_TASK).
func (g *Graph) SkillTaskTypes(ctx context.Context, ns, skill string) ([]string, error) {
	return g.names(ctx, "skill_task_types", ns, skill)
}

// Prerequisites returns the names of the skill's direct prerequisites.
func (g *Graph) Prerequisites(ctx context.Context, ns, skill string) ([]string, error) {
	return g.names(ctx, "skill_prerequisites", ns, skill)
}

// SkillParts returns the names of the skills that compose into skill
// (COMPOSES_INTO), transitively: the parts of a split skill and theirs.
func (g *Graph) SkillParts(ctx context.Context, ns, skill string) ([]string, error) {
	return g.names(ctx, "skill_parts", ns, skill)
}

// names runs a statement about one named node that returns names.
func (g *Graph) names(ctx context.Context, stmt, ns, name string) ([]string, error) {
	recs, err := g.readOne(ctx, stmt, params(ns, "name", name))
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(recs))
	for _, r := range recs {
		out = append(out, rowOf(r).str("name"))
	}
	return out, nil
}

// deleteExperiences runs a statement that deletes experiences, after
// starting a new epoch of the namespace's experience clock in the same
// transaction (see signatureWindows).
func (g *Graph) deleteExperiences(ctx context.Context, stmt string, p map[string]any) ([]*neo4j.Record, error) {
	return writeTx(ctx, g, stmt, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]*neo4j.Record, error) {
		if err := exec(ctx, tx, "experience_clock_reset", p); err != nil {
			return nil, err
		}
		return run(ctx, tx, stmt, p)
	})
}

package graph

import (
	"context"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// BulkData is a whole synthetic graph for benchmarks and fixtures. Loading
// it bypasses resolution, the skill and principle caps and the cycle check:
// the caller guarantees names are canonical and the skill DAG is acyclic.
type BulkData struct {
	TaskTypes     []string
	Skills        []BulkSkill
	Prerequisites []SkillEdge // From PREREQUISITE_OF To
	SkillForTask  []SkillEdge // From skill, To task type
	Operations    []string
	Entities      []evokg.Entity
	Experiences   []BulkExperience
	Structural    []BulkEdge // STRUCTURALLY_SIMILAR_TO
	Similar       []BulkEdge // SIMILAR_TO
}

// BulkSkill is one skill of a bulk load.
type BulkSkill struct {
	Name    string
	Mastery float64
}

// BulkExperience is one experience of a bulk load. A principle with Skill
// set is linked to it with PRINCIPLE_OF.
type BulkExperience struct {
	ID          uuid.UUID
	TaskType    string
	Outcome     evokg.Outcome
	Skill       string
	Content     string
	Quality     float64
	Confidence  float64
	Signature   []string
	Entities    []string
	DerivedFrom []uuid.UUID
}

// BulkEdge is an experience-to-experience edge with its score.
type BulkEdge struct {
	From, To uuid.UUID
	Score    float64
}

// bulkBatch is the number of rows per UNWIND transaction.
const bulkBatch = 2000

// BulkLoad writes d into namespace ns in UNWIND batches of managed
// transactions. FOLLOWED_BY counts are derived from the signatures.
func (g *Graph) BulkLoad(ctx context.Context, ns string, d *BulkData) error {
	if err := checkNamespace(ns); err != nil {
		return err
	}
	steps := []struct {
		stmt string
		rows []map[string]any
	}{
		{"bulk_task_types", namesWithIDs(d.TaskTypes)},
		{"bulk_skills", bulkSkillRows(d.Skills)},
		{"bulk_prerequisites", edgeRows(d.Prerequisites)},
		{"bulk_skill_for_task", edgeRows(d.SkillForTask)},
		{"bulk_operations", namesWithIDs(d.Operations)},
		{"bulk_entities", entityRows(d.Entities)},
		{"bulk_experiences", experienceRows(d.Experiences)},
		{"bulk_experience_operations", stepRows(d.Experiences)},
		{"bulk_experience_entities", usesEntityRows(d.Experiences)},
		{"bulk_derived_from", derivedRows(d.Experiences)},
		{"bulk_principles", principleRows(d.Experiences)},
		{"bulk_structural", bulkEdgeRows(d.Structural)},
		{"bulk_similar", bulkEdgeRows(d.Similar)},
		{"bulk_transitions", transitionRows(d.Experiences)},
	}
	for _, s := range steps {
		if err := g.bulkWrite(ctx, ns, s.stmt, s.rows); err != nil {
			return err
		}
	}
	// Bulk rows carry no clock tick: a new epoch makes signature windows
	// read the namespace again.
	if _, err := g.writeOne(ctx, "experience_clock_reset", params(ns)); err != nil {
		return err
	}
	return g.RecountMemories(ctx, ns)
}

func (g *Graph) bulkWrite(ctx context.Context, ns, stmt string, rows []map[string]any) error {
	for start := 0; start < len(rows); start += bulkBatch {
		batch := rows[start:min(start+bulkBatch, len(rows))]
		_, err := writeTx(ctx, g, stmt, func(ctx context.Context, tx neo4j.ManagedTransaction) (struct{}, error) {
			return struct{}{}, exec(ctx, tx, stmt, params(ns, "rows", batch))
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func namesWithIDs(names []string) []map[string]any {
	rows := make([]map[string]any, len(names))
	for i, n := range names {
		rows[i] = map[string]any{"name": n, "id": evokg.NewID().String()}
	}
	return rows
}

func bulkSkillRows(skills []BulkSkill) []map[string]any {
	rows := make([]map[string]any, len(skills))
	for i, s := range skills {
		rows[i] = map[string]any{"name": s.Name, "id": evokg.NewID().String(), "mastery": s.Mastery, "prompt_template": "", "strategy": ""}
	}
	return rows
}

func edgeRows(edges []SkillEdge) []map[string]any {
	rows := make([]map[string]any, len(edges))
	for i, e := range edges {
		rows[i] = map[string]any{"from": e.From, "to": e.To}
	}
	return rows
}

func entityRows(ents []evokg.Entity) []map[string]any {
	rows := make([]map[string]any, len(ents))
	for i, e := range ents {
		rows[i] = map[string]any{"name": e.Name, "type": e.Type, "id": evokg.NewID().String()}
	}
	return rows
}

func experienceRows(exps []BulkExperience) []map[string]any {
	rows := make([]map[string]any, len(exps))
	for i, e := range exps {
		rows[i] = map[string]any{"id": e.ID.String(), "task_type": e.TaskType, "outcome": string(e.Outcome), "skill": e.Skill,
			"content": e.Content, "signature": e.Signature, "quality": e.Quality, "confidence": e.Confidence}
	}
	return rows
}

func stepRows(exps []BulkExperience) []map[string]any {
	var rows []map[string]any
	for _, e := range exps {
		for pos, op := range e.Signature {
			rows = append(rows, map[string]any{"id": e.ID.String(), "name": op, "position": pos})
		}
	}
	return rows
}

func usesEntityRows(exps []BulkExperience) []map[string]any {
	var rows []map[string]any
	for _, e := range exps {
		for _, name := range e.Entities {
			rows = append(rows, map[string]any{"id": e.ID.String(), "name": name})
		}
	}
	return rows
}

func derivedRows(exps []BulkExperience) []map[string]any {
	var rows []map[string]any
	for _, e := range exps {
		for _, p := range e.DerivedFrom {
			rows = append(rows, map[string]any{"from": e.ID.String(), "to": p.String()})
		}
	}
	return rows
}

func principleRows(exps []BulkExperience) []map[string]any {
	var rows []map[string]any
	for _, e := range exps {
		if e.Outcome == evokg.OutcomePrinciple && e.Skill != "" {
			rows = append(rows, map[string]any{"id": e.ID.String(), "skill": e.Skill})
		}
	}
	return rows
}

func bulkEdgeRows(edges []BulkEdge) []map[string]any {
	rows := make([]map[string]any, len(edges))
	for i, e := range edges {
		rows[i] = map[string]any{"from": e.From.String(), "to": e.To.String(), "score": e.Score}
	}
	return rows
}

func transitionRows(exps []BulkExperience) []map[string]any {
	type pair struct{ from, to string }
	counts := map[pair]int{}
	var order []pair
	for _, e := range exps {
		for i := 1; i < len(e.Signature); i++ {
			p := pair{e.Signature[i-1], e.Signature[i]}
			if counts[p] == 0 {
				order = append(order, p)
			}
			counts[p]++
		}
	}
	rows := make([]map[string]any, len(order))
	for i, p := range order {
		rows[i] = map[string]any{"from": p.from, "to": p.to, "count": counts[p]}
	}
	return rows
}

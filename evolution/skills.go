package evolution

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/postgres"
)

// Skills serves the skills evolution curates: the capability subgraph read
// from the graph, with each skill's mastery after every iteration read from
// the snapshots the Delta-Guard keeps.
type Skills struct {
	graph *graph.Graph
	pool  *pgxpool.Pool
}

var _ evokg.SkillService = (*Skills)(nil)

// NewSkills returns the skill service of the API.
func NewSkills(g *graph.Graph, pool *pgxpool.Pool) *Skills { return &Skills{graph: g, pool: pool} }

// ListSkills lists the skills of namespace ns.
func (s *Skills) ListSkills(ctx context.Context, ns string) ([]evokg.Skill, error) {
	return s.graph.ListSkills(ctx, ns)
}

// Frontier lists the skills not yet mastered whose prerequisites are (the
// graph's configured θ).
func (s *Skills) Frontier(ctx context.Context, ns string) ([]evokg.Skill, error) {
	return s.graph.Frontier(ctx, ns, 0)
}

// GetSkill returns a skill with its prerequisites, task types and mastery history.
func (s *Skills) GetSkill(ctx context.Context, ns, name string) (evokg.SkillDetail, error) {
	skill, err := s.graph.GetSkill(ctx, ns, name)
	if err != nil {
		return evokg.SkillDetail{}, err
	}
	d := evokg.SkillDetail{Skill: skill}
	if d.Prerequisites, err = s.graph.Prerequisites(ctx, ns, name); err != nil {
		return d, err
	}
	if d.TaskTypes, err = s.graph.SkillTaskTypes(ctx, ns, name); err != nil {
		return d, err
	}
	d.History, err = s.history(ctx, ns, name)
	return d, err
}

// history returns a skill's mastery after every evolution iteration of ns.
func (s *Skills) history(ctx context.Context, ns, skill string) ([]evokg.MasteryPoint, error) {
	rows, err := s.pool.Query(ctx, queries.Get("mastery_history"), ns, skill)
	if err != nil {
		return nil, postgres.Translate(err, "reading mastery history")
	}
	points, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (evokg.MasteryPoint, error) {
		var p evokg.MasteryPoint
		return p, r.Scan(&p.Iteration, &p.Mastery, &p.At)
	})
	return points, postgres.Translate(err, "reading mastery history")
}

package graph

import (
	"context"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// CreateSkill adds a skill to the capability subgraph. It fails with ELIMIT
// when the namespace already has MaxSkills skills and ECONFLICT when the
// name is taken.
func (g *Graph) CreateSkill(ctx context.Context, ns string, s evokg.NewSkill) (evokg.Skill, error) {
	if err := checkNamespace(ns); err != nil {
		return evokg.Skill{}, err
	}
	if err := s.Validate(); err != nil {
		return evokg.Skill{}, err
	}
	recs, err := g.writeOne(ctx, "skill_create", params(ns,
		"id", evokg.NewID().String(), "name", s.Name, "description", s.Description,
		"mastery", s.Mastery, "prompt_template", s.PromptTemplate, "strategy", s.Strategy,
		"status", evokg.SkillActive, "max_skills", g.cfg.MaxSkills))
	if err != nil {
		return evokg.Skill{}, err
	}
	if len(recs) == 0 {
		return evokg.Skill{}, evokg.Errorf(evokg.ELIMIT, "namespace %s already has the maximum of %d skills", ns, g.cfg.MaxSkills)
	}
	return skillFrom(rowOf(recs[0]).sub("skill")), nil
}

// GetSkill returns one skill by name, or ENOTFOUND.
func (g *Graph) GetSkill(ctx context.Context, ns, name string) (evokg.Skill, error) {
	recs, err := g.readOne(ctx, "skill_get", params(ns, "name", name))
	if err != nil {
		return evokg.Skill{}, err
	}
	if len(recs) == 0 {
		return evokg.Skill{}, evokg.Errorf(evokg.ENOTFOUND, "skill %q not found", name)
	}
	return skillFrom(rowOf(recs[0]).sub("skill")), nil
}

// ListSkills returns every skill of the namespace, most mastered first.
func (g *Graph) ListSkills(ctx context.Context, ns string) ([]evokg.Skill, error) {
	recs, err := g.readOne(ctx, "skill_list", params(ns))
	if err != nil {
		return nil, err
	}
	return skillsFrom(recs, "skill"), nil
}

// UpdateSkill changes the mutable slots of a skill and returns it.
func (g *Graph) UpdateSkill(ctx context.Context, ns, name string, u evokg.SkillUpdate) (evokg.Skill, error) {
	if err := u.Validate(); err != nil {
		return evokg.Skill{}, err
	}
	recs, err := g.writeOne(ctx, "skill_update", params(ns, "name", name,
		"mastery", ptrOrNil(u.Mastery), "prompt_template", ptrOrNil(u.PromptTemplate),
		"strategy", ptrOrNil(u.Strategy), "status", ptrOrNil(u.Status), "description", ptrOrNil(u.Description)))
	if err != nil {
		return evokg.Skill{}, err
	}
	if len(recs) == 0 {
		return evokg.Skill{}, evokg.Errorf(evokg.ENOTFOUND, "skill %q not found", name)
	}
	return skillFrom(rowOf(recs[0]).sub("skill")), nil
}

// SetMastery sets a skill's mastery.
func (g *Graph) SetMastery(ctx context.Context, ns, name string, mastery float64) error {
	_, err := g.UpdateSkill(ctx, ns, name, evokg.SkillUpdate{Mastery: &mastery})
	return err
}

// AddPrerequisite draws (pre)-[:PREREQUISITE_OF]->(skill). It refuses with
// ECONFLICT an edge that would close a cycle over PREREQUISITE_OF and
// COMPOSES_INTO together.
func (g *Graph) AddPrerequisite(ctx context.Context, ns, pre, skill string) error {
	return g.addSkillEdge(ctx, "skill_add_prerequisite", ns, pre, skill)
}

// AddComposition draws (part)-[:COMPOSES_INTO]->(whole), refusing cycles
// like AddPrerequisite.
func (g *Graph) AddComposition(ctx context.Context, ns, part, whole string) error {
	return g.addSkillEdge(ctx, "skill_add_composition", ns, part, whole)
}

func (g *Graph) addSkillEdge(ctx context.Context, stmt, ns, from, to string) error {
	recs, err := g.writeOne(ctx, stmt, params(ns, "from", from, "to", to))
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return evokg.Errorf(evokg.ENOTFOUND, "skill %q or %q not found", from, to)
	}
	if rowOf(recs[0]).boolean("cycle") {
		return evokg.Errorf(evokg.ECONFLICT, "an edge from %q to %q would close a cycle in the skill graph", from, to)
	}
	return nil
}

// SkillEdge is one PREREQUISITE_OF or COMPOSES_INTO edge.
type SkillEdge struct {
	From string `json:"from"`
	To   string `json:"to"`
	Type string `json:"type"`
}

// SkillEdges returns every skill-to-skill edge of the namespace.
func (g *Graph) SkillEdges(ctx context.Context, ns string) ([]SkillEdge, error) {
	recs, err := g.readOne(ctx, "skill_edges", params(ns))
	if err != nil {
		return nil, err
	}
	out := make([]SkillEdge, len(recs))
	for i, rec := range recs {
		r := rowOf(rec)
		out[i] = SkillEdge{From: r.str("from"), To: r.str("to"), Type: r.str("type")}
	}
	return out, nil
}

// LinkSkillToTask draws (skill)-[:SKILL_FOR_TASK]->(taskType), creating the
// task type when it does not exist yet.
func (g *Graph) LinkSkillToTask(ctx context.Context, ns, skill, taskType string) error {
	recs, err := g.writeOne(ctx, "skill_link_task", params(ns, "skill", skill, "task_type", taskType, "id", evokg.NewID().String()))
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return evokg.Errorf(evokg.ENOTFOUND, "skill %q not found", skill)
	}
	return nil
}

// AddPrinciple stores a principle (an experience of class principle) and
// links it to skill with PRINCIPLE_OF. It fails with ELIMIT when the skill
// already has MaxPrinciples principles and ENOTFOUND when it does not exist.
// It sets p.Skill, which becomes part of the stored record.
func (g *Graph) AddPrinciple(ctx context.Context, ns, skill string, p *evokg.Experience) error {
	var v evokg.FieldErrors
	v.Check(p.Outcome == evokg.OutcomePrinciple, "/outcome", "must be principle")
	v.Check(p.Skill == "" || p.Skill == skill, "/skill", "names another skill")
	if err := v.Err(); err != nil {
		return err
	}
	n, err := g.countPrinciples(ctx, ns, skill, p.ID.String())
	if err != nil {
		return err
	}
	if n >= g.cfg.MaxPrinciples {
		return evokg.Errorf(evokg.ELIMIT, "skill %q already has the maximum of %d principles", skill, g.cfg.MaxPrinciples)
	}
	p.Skill = skill
	return g.ProjectExperience(ctx, p, nil)
}

func (g *Graph) countPrinciples(ctx context.Context, ns, skill, id string) (int, error) {
	recs, err := g.readOne(ctx, "principle_count", params(ns, "skill", skill, "id", id))
	if err != nil {
		return 0, err
	}
	if len(recs) == 0 {
		return 0, evokg.Errorf(evokg.ENOTFOUND, "skill %q not found", skill)
	}
	return int(rowOf(recs[0]).i64("n")), nil
}

// Principles returns the principles of a skill, oldest first.
func (g *Graph) Principles(ctx context.Context, ns, skill string) ([]evokg.Experience, error) {
	recs, err := g.readOne(ctx, "principle_list", params(ns, "skill", skill))
	if err != nil {
		return nil, err
	}
	return experiencesFrom(recs, "experience"), nil
}

// linkPrinciple links a principle to its skill inside a projection. A full
// skill is logged and skipped so projection retries never loop on it.
func (g *Graph) linkPrinciple(ctx context.Context, tx neo4j.ManagedTransaction, ns, id, skill string) error {
	rec, ok, err := single(ctx, tx, "principle_link", params(ns, "id", id, "skill", skill, "max_principles", g.cfg.MaxPrinciples))
	if err != nil {
		return err
	}
	if !ok {
		g.logger.WarnContext(ctx, "principle names an unknown skill", "namespace", ns, "skill", skill, "id", id)
	} else if !rowOf(rec).boolean("linked") {
		g.logger.WarnContext(ctx, "skill has the maximum of principles; principle kept unlinked", "namespace", ns, "skill", skill, "id", id)
	}
	return nil
}

func skillFrom(r row) evokg.Skill {
	return evokg.Skill{
		ID: r.str("id"), Namespace: r.str("namespace"), Name: r.str("name"),
		Description: r.str("description"), Mastery: r.f64("mastery"),
		PromptTemplate: r.str("prompt_template"), Strategy: r.str("strategy"),
		Status: r.str("status"), CreatedAt: r.time("created_at"),
	}
}

func skillsFrom(recs []*neo4j.Record, key string) []evokg.Skill {
	out := make([]evokg.Skill, len(recs))
	for i, rec := range recs {
		out[i] = skillFrom(rowOf(rec).sub(key))
	}
	return out
}

func ptrOrNil[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

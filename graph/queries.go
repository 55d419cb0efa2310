package graph

import (
	"bytes"
	"context"
	"sort"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// Frontier returns the active skills whose prerequisites all have mastery
// ≥ theta but whose own mastery is below theta, most mastered first. A
// theta of 0 uses Config.MasteryTheta.
func (g *Graph) Frontier(ctx context.Context, ns string, theta float64) ([]evokg.Skill, error) {
	if theta == 0 {
		theta = g.cfg.MasteryTheta
	}
	recs, err := g.readOne(ctx, "skill_frontier", params(ns, "theta", theta))
	if err != nil {
		return nil, err
	}
	return skillsFrom(recs, "skill"), nil
}

// CascadeSkill is one skill of a task type's prerequisite cascade. Depth 0
// serves the task type directly; depth d is a prerequisite d edges away.
type CascadeSkill struct {
	Skill      evokg.Skill        `json:"skill"`
	Depth      int                `json:"depth"`
	Principles []evokg.Experience `json:"principles"`
}

// Cascade returns the skills that serve taskType and all their prerequisite
// ancestors, each with its principles, deepest prerequisites first.
func (g *Graph) Cascade(ctx context.Context, ns, taskType string) ([]CascadeSkill, error) {
	recs, err := g.readOne(ctx, "skill_cascade", params(ns, "task_type", taskType))
	if err != nil {
		return nil, err
	}
	out := make([]CascadeSkill, len(recs))
	parents := make(map[string][]string, len(recs))
	var roots []string
	for i, rec := range recs {
		r := rowOf(rec)
		ps := r.rows("principles")
		principles := make([]evokg.Experience, len(ps))
		for j, p := range ps {
			principles[j] = experienceFrom(p)
		}
		out[i] = CascadeSkill{Skill: skillFrom(r.sub("skill")), Principles: principles}
		parents[out[i].Skill.Name] = r.strs("prerequisites")
		if r.boolean("serves") {
			roots = append(roots, out[i].Skill.Name)
		}
	}
	depth := cascadeDepths(roots, parents)
	for i := range out {
		out[i].Depth = depth[out[i].Skill.Name]
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Depth != out[j].Depth {
			return out[i].Depth > out[j].Depth
		}
		return out[i].Skill.Name < out[j].Skill.Name
	})
	return out, nil
}

// cascadeDepths is a breadth-first walk from the serving skills up their
// prerequisites: each skill's depth is its fewest edges to a serving skill.
func cascadeDepths(roots []string, parents map[string][]string) map[string]int {
	depth := make(map[string]int, len(parents))
	for _, r := range roots {
		depth[r] = 0
	}
	for frontier := roots; len(frontier) > 0; {
		var next []string
		for _, s := range frontier {
			for _, p := range parents[s] {
				if _, seen := depth[p]; !seen {
					depth[p] = depth[s] + 1
					next = append(next, p)
				}
			}
		}
		frontier = next
	}
	return depth
}

// Neighbors returns the experiences within maxHops (1 or 2) of the seeds
// over DERIVED_FROM, USES_ENTITY and STRUCTURALLY_SIMILAR_TO, each once with
// its fewest hops and the seed that reaches it, nearest first. Seeds are
// not returned. An entity counts as a hop, so two experiences sharing an
// entity are 2 hops apart.
func (g *Graph) Neighbors(ctx context.Context, ns string, seeds []uuid.UUID, maxHops int) ([]evokg.Neighbor, error) {
	if maxHops < 1 || maxHops > 2 {
		return nil, evokg.Invalid(evokg.FieldError{Pointer: "/max_hops", Detail: "must be 1 or 2"})
	}
	if len(seeds) == 0 {
		return nil, nil
	}
	stmt := "experience_neighbors"
	if maxHops == 1 {
		stmt = "experience_neighbors_1hop"
	}
	recs, err := g.readOne(ctx, stmt, params(ns, "seeds", uuidStrings(seeds)))
	if err != nil {
		return nil, err
	}
	isSeed := make(map[uuid.UUID]bool, len(seeds))
	for _, s := range seeds {
		isSeed[s] = true
	}
	best := map[uuid.UUID]evokg.Neighbor{}
	for _, r := range rowOf(recs[0]).rows("neighbors") {
		n := evokg.Neighbor{ExperienceID: r.uuid("id"), SeedID: r.uuid("seed"), TaskType: r.str("task_type"),
			Outcome: evokg.Outcome(r.str("outcome")), Hops: int(r.i64("hops"))}
		if isSeed[n.ExperienceID] {
			continue
		}
		if old, ok := best[n.ExperienceID]; !ok || closer(n, old) {
			best[n.ExperienceID] = n
		}
	}
	out := make([]evokg.Neighbor, 0, len(best))
	for _, n := range best {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return closer(out[i], out[j]) })
	return out, nil
}

// closer orders neighbours by hops, then seed and id for a stable result.
func closer(a, b evokg.Neighbor) bool {
	if a.Hops != b.Hops {
		return a.Hops < b.Hops
	}
	if c := bytes.Compare(a.SeedID[:], b.SeedID[:]); c != 0 {
		return c < 0
	}
	return bytes.Compare(a.ExperienceID[:], b.ExperienceID[:]) < 0
}

// Transition is one FOLLOWED_BY edge of the operation transition graph.
type Transition struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Count int64  `json:"count"`
}

// Transitions returns up to limit FOLLOWED_BY edges (1000 when limit ≤ 0),
// most frequent first.
func (g *Graph) Transitions(ctx context.Context, ns string, limit int) ([]Transition, error) {
	if limit <= 0 {
		limit = 1000
	}
	recs, err := g.readOne(ctx, "operation_transitions", params(ns, "limit", limit))
	if err != nil {
		return nil, err
	}
	list := rowOf(recs[0]).rows("transitions")
	out := make([]Transition, len(list))
	for i, r := range list {
		out[i] = Transition{From: r.str("from"), To: r.str("to"), Count: r.i64("count")}
	}
	return out, nil
}

// SnapshotSlots captures the mutable slots of every skill of a namespace.
func (g *Graph) SnapshotSlots(ctx context.Context, ns string) ([]evokg.SkillSlots, error) {
	recs, err := g.readOne(ctx, "slots_snapshot", params(ns))
	if err != nil {
		return nil, err
	}
	out := make([]evokg.SkillSlots, len(recs))
	for i, rec := range recs {
		r := rowOf(rec)
		out[i] = evokg.SkillSlots{Name: r.str("name"), Mastery: r.f64("mastery"), PromptTemplate: r.str("prompt_template"),
			Strategy: r.str("strategy"), Status: r.str("status")}
	}
	return out, nil
}

// RestoreSlots writes captured slots back onto the skills of the same name.
// It touches :Skill nodes only, so every memory survives a rollback; skills
// created after the snapshot keep their state.
func (g *Graph) RestoreSlots(ctx context.Context, ns string, slots []evokg.SkillSlots) error {
	list := make([]map[string]any, len(slots))
	for i, s := range slots {
		list[i] = map[string]any{"name": s.Name, "mastery": s.Mastery, "prompt_template": s.PromptTemplate,
			"strategy": s.Strategy, "status": s.Status}
	}
	recs, err := g.writeOne(ctx, "slots_restore", params(ns, "slots", list))
	if err != nil {
		return err
	}
	g.logger.InfoContext(ctx, "skill slots restored", "namespace", ns, "restored", rowOf(recs[0]).i64("restored"), "snapshot", len(slots))
	return nil
}

// CountNodesAndEdges returns how many nodes and relationships a namespace holds.
func (g *Graph) CountNodesAndEdges(ctx context.Context, ns string) (nodes, edges int64, err error) {
	recs, err := g.readOne(ctx, "namespace_counts", params(ns))
	if err != nil {
		return 0, 0, err
	}
	r := rowOf(recs[0])
	return r.i64("nodes"), r.i64("edges"), nil
}

// PurgeNamespace deletes every node and edge of a namespace, protected
// memories included: it removes the tenant, it does not edit memories.
// It runs in batched auto-commit transactions (CALL … IN TRANSACTIONS cannot
// run in a managed transaction) and is safe to repeat after a failure.
func (g *Graph) PurgeNamespace(ctx context.Context, ns string) error {
	if err := checkNamespace(ns); err != nil {
		return err
	}
	session := g.driver.NewSession(ctx, neo4j.SessionConfig{DatabaseName: g.cfg.Database, AccessMode: neo4j.AccessModeWrite})
	defer session.Close(ctx)
	text := queries.Get("purge_namespace")
	ctx, span := statementSpan(ctx, "purge_namespace", text)
	res, err := session.Run(ctx, text, params(ns))
	if err == nil {
		_, err = res.Consume(ctx)
	}
	endSpan(span, err)
	if err != nil {
		return g.translate("purge namespace", err)
	}
	g.logger.InfoContext(ctx, "namespace purged from neo4j", "namespace", ns)
	return nil
}

// ExperienceCopy is one experience node, named by its id and question.
type ExperienceCopy struct {
	ID, Question string
}

// ExperienceCopies returns every experience node of a namespace, one entry
// per node, so a caller can count the copies of an id.
func (g *Graph) ExperienceCopies(ctx context.Context, ns string) ([]ExperienceCopy, error) {
	recs, err := g.readOne(ctx, "experience_copies", params(ns))
	if err != nil {
		return nil, err
	}
	out := make([]ExperienceCopy, len(recs))
	for i, rec := range recs {
		r := rowOf(rec)
		out[i] = ExperienceCopy{ID: r.str("id"), Question: r.str("question")}
	}
	return out, nil
}

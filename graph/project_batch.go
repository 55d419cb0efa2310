package graph

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// ProjectExperiences writes a batch of experiences of one namespace into the
// graph in one transaction, with the invariants of ProjectExperience: each
// node once with its class label, MEMBER_OF, the resolved signature
// (USES_OPERATION by position, FOLLOWED_BY counted once per experience),
// USES_ENTITY, DERIVED_FROM, SUPERSEDES, SIMILAR_TO (similar[id], cosine
// above the threshold) and STRUCTURALLY_SIMILAR_TO. Operations and entities
// of the whole batch are resolved first (new names embedded in one call);
// task types, operations, entities and FOLLOWED_BY pairs are written once
// per batch in sorted order so concurrent batches lock shared nodes in one
// order. Experiences of a batch see each other: a DERIVED_FROM parent, a
// SIMILAR_TO neighbour or a structural match in the same batch is linked.
//
// It is idempotent and all or nothing: a retry with the same records
// changes nothing, and when one experience is refused (EPROTECTED for a new
// record under a protected id, ECONFLICT for another class, EINVALID) the
// whole batch is rolled back.
func (g *Graph) ProjectExperiences(ctx context.Context, exps []*evokg.Experience, similar map[uuid.UUID][]evokg.SimilarExperience) error {
	if len(exps) == 0 {
		return nil
	}
	b, err := g.prepareBatch(ctx, exps, similar)
	if err != nil {
		return err
	}
	_, err = writeTx(ctx, g, "project experiences", func(ctx context.Context, tx neo4j.ManagedTransaction) (struct{}, error) {
		return struct{}{}, g.writeBatch(ctx, tx, b)
	})
	return err
}

// batch is everything ProjectExperiences writes, prepared outside the
// transaction (resolution may call the embedder and the teacher model).
type batch struct {
	ns    string
	items []*projection // sorted by id
}

// projection is one experience of a batch.
type projection struct {
	exp      *evokg.Experience
	id       string
	sha      string
	props    map[string]any
	sig      []string // resolved operation names, by position
	ops      []resolved
	entities []resolved
	types    []string // entity types, parallel to entities
	similar  []evokg.SimilarExperience
	fresh    bool // the node was created by this projection
}

func (g *Graph) prepareBatch(ctx context.Context, exps []*evokg.Experience, similar map[uuid.UUID][]evokg.SimilarExperience) (*batch, error) {
	ns := exps[0].Namespace
	seen := make(map[uuid.UUID]bool, len(exps))
	for _, exp := range exps {
		if err := validateExperience(exp); err != nil {
			return nil, err
		}
		if exp.Namespace != ns {
			return nil, evokg.Errorf(evokg.EINVALID, "a projection batch holds one namespace, got %q and %q", ns, exp.Namespace)
		}
		if seen[exp.ID] {
			return nil, evokg.Errorf(evokg.EINVALID, "experience %s appears twice in a projection batch", exp.ID)
		}
		seen[exp.ID] = true
	}
	ops, err := g.resolveBatch(ctx, ns, operationResolver, exps, func(e *evokg.Experience) []string { return e.Signature })
	if err != nil {
		return nil, err
	}
	entities, err := g.resolveBatch(ctx, ns, entityResolver, exps, entityNames)
	if err != nil {
		return nil, err
	}
	b := &batch{ns: ns, items: make([]*projection, len(exps))}
	for i, exp := range exps {
		if b.items[i], err = g.newProjection(exp, ops[i], entities[i], similar[exp.ID]); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(b.items, func(x, y *projection) int { return strings.Compare(x.id, y.id) })
	return b, nil
}

func entityNames(e *evokg.Experience) []string {
	names := make([]string, len(e.Entities))
	for i, x := range e.Entities {
		names[i] = x.Name
	}
	return names
}

func (g *Graph) newProjection(exp *evokg.Experience, ops, entities []resolved, similar []evokg.SimilarExperience) (*projection, error) {
	sha, err := recordDigest(exp)
	if err != nil {
		return nil, err
	}
	p := &projection{exp: exp, id: exp.ID.String(), sha: sha, ops: ops, entities: entities,
		types: make([]string, len(exp.Entities)), props: experienceProps(exp, ops)}
	p.sig = p.props["signature"].([]string)
	for i, e := range exp.Entities {
		p.types[i] = e.Type
	}
	for _, s := range similar {
		if s.Cosine > g.cfg.SimilarThreshold && s.ID != exp.ID {
			p.similar = append(p.similar, s)
		}
	}
	return p, nil
}

// resolveBatch resolves the mentions of every experience of a batch (see
// resolve) with one lookup of the existing names and, with an embedder, one
// embedding call for all new names. The result is parallel to exps.
func (g *Graph) resolveBatch(ctx context.Context, ns string, k resolver, exps []*evokg.Experience, mentions func(*evokg.Experience) []string) ([][]resolved, error) {
	var all []string
	for _, e := range exps {
		for i, m := range mentions(e) {
			name := k.normalize(m)
			if name == "" {
				return nil, evokg.Invalid(evokg.FieldError{Pointer: fmt.Sprintf("/%s/%d", k.kind, i), Detail: "must not be empty"})
			}
			all = append(all, name)
		}
	}
	memo, err := g.resolveNames(ctx, ns, k, all)
	if err != nil {
		return nil, err
	}
	out := make([][]resolved, len(exps))
	for i, e := range exps {
		ms := mentions(e)
		out[i] = make([]resolved, len(ms))
		for j, m := range ms {
			out[i][j] = memo[k.normalize(m)]
		}
	}
	return out, nil
}

// resolveNames maps each distinct normalized name to its node.
func (g *Graph) resolveNames(ctx context.Context, ns string, k resolver, names []string) (map[string]resolved, error) {
	memo := make(map[string]resolved, len(names))
	if len(names) == 0 {
		return memo, nil
	}
	existing, err := g.existingNames(ctx, ns, k, names)
	if err != nil {
		return nil, err
	}
	var fresh []string
	for _, name := range names {
		if _, done := memo[name]; done {
			continue
		}
		memo[name] = resolved{Name: name, ID: evokg.NewID().String()}
		if !existing[name] && g.embedder != nil {
			fresh = append(fresh, name)
		}
	}
	if len(fresh) == 0 {
		return memo, nil
	}
	vecs, err := g.embedNames(ctx, k, fresh)
	if err != nil {
		return nil, err
	}
	for i, name := range fresh {
		choice, err := g.pick(ctx, ns, k, name, vecs[i])
		if err != nil {
			return nil, err
		}
		if choice != "" {
			memo[name] = resolved{Name: choice}
		} else {
			memo[name] = resolved{Name: name, ID: memo[name].ID, Embedding: vecs[i]}
		}
	}
	return memo, nil
}

func (g *Graph) embedNames(ctx context.Context, k resolver, names []string) ([][]float64, error) {
	texts := make([]string, len(names))
	for i, n := range names {
		texts[i] = strings.ReplaceAll(n, "_", " ")
	}
	vecs, err := g.embedder.Embed(ctx, texts)
	if err != nil {
		return nil, fmt.Errorf("graph: embedding %d %s names: %w", len(names), k.kind, err)
	}
	if len(vecs) != len(names) {
		return nil, fmt.Errorf("graph: embedder returned %d vectors for %d texts", len(vecs), len(names))
	}
	out := make([][]float64, len(vecs))
	for i, v := range vecs {
		out[i] = toFloat64(v)
	}
	return out, nil
}

// writeBatch runs every statement of a batch in one transaction: nodes
// first, then shared nodes in sorted order, then edges.
func (g *Graph) writeBatch(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	steps := []func(context.Context, neo4j.ManagedTransaction, *batch) error{
		g.tickClock, g.mergeNodes, g.writeTaskTypes, g.writeOperations, g.countTransitions, g.writeEntities,
		g.writeProvenance, g.writeSimilar, g.writeStructural, g.writePrinciples,
	}
	timings := make([]any, 0, 2*len(steps))
	for i, step := range steps {
		start := time.Now()
		if err := step(ctx, tx, b); err != nil {
			return err
		}
		timings = append(timings, batchSteps[i], time.Since(start).Milliseconds())
	}
	g.logger.DebugContext(ctx, "graph batch written (ms per step)", timings...)
	return nil
}

var batchSteps = []string{"clock", "nodes", "task_types", "operations", "transitions", "entities", "provenance", "similar", "structural", "principles"}

// tickClock advances the namespace's experience clock, first, and stamps
// the batch's experiences with the tick (see signatureWindows).
func (g *Graph) tickClock(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	rec, _, err := single(ctx, tx, "experience_clock_tick", params(b.ns))
	if err != nil {
		return err
	}
	tick := rowOf(rec).i64("tick")
	for _, p := range b.items {
		p.props["clock"] = tick
	}
	return nil
}

// mergeNodes creates each node once; an existing node with another record
// is rewritten only when its class is unprotected.
func (g *Graph) mergeNodes(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	rows := make([]map[string]any, len(b.items))
	for i, p := range b.items {
		rows[i] = map[string]any{"id": p.id, "props": p.props, "sha": p.sha, "created_at": createdAt(p.exp)}
	}
	recs, err := run(ctx, tx, "experience_batch_merge", params(b.ns, "rows", rows))
	if err != nil {
		return err
	}
	byID := make(map[string]*projection, len(b.items))
	for _, p := range b.items {
		byID[p.id] = p
	}
	for _, rec := range recs {
		r := rowOf(rec)
		p := byID[r.str("id")]
		p.fresh = r.boolean("fresh")
		if err := g.checkStored(ctx, tx, b.ns, p, r.str("sha"), evokg.Outcome(r.str("outcome"))); err != nil {
			return err
		}
	}
	return nil
}

// checkStored compares an existing node with the projected record: the
// same digest is a retry; a mutable class is rewritten; anything else is
// refused.
func (g *Graph) checkStored(ctx context.Context, tx neo4j.ManagedTransaction, ns string, p *projection, sha string, stored evokg.Outcome) error {
	switch {
	case sha == p.sha:
		return nil
	case stored != p.exp.Outcome:
		return evokg.Errorf(evokg.ECONFLICT, "experience %s is a %s, not a %s", p.id, stored, p.exp.Outcome)
	case stored.Protected():
		return evokg.Errorf(evokg.EPROTECTED, "experience %s is a protected %s and cannot be rewritten; store a new version that SUPERSEDES it", p.id, stored)
	}
	return exec(ctx, tx, "experience_update", params(ns, "id", p.id, "props", p.props, "sha", p.sha))
}

// writeTaskTypes merges the task types in name order with the counts of the
// freshly created experiences per class, then draws MEMBER_OF.
func (g *Graph) writeTaskTypes(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	counts := map[string]map[string]any{}
	members := make([]map[string]any, len(b.items))
	for i, p := range b.items {
		tt := p.exp.TaskType
		row, ok := counts[tt]
		if !ok {
			row = map[string]any{"name": tt, "id": evokg.NewID().String()}
			for _, o := range evokg.Outcomes {
				row[string(o)] = 0
			}
			counts[tt] = row
		}
		if p.fresh {
			row[string(p.exp.Outcome)] = row[string(p.exp.Outcome)].(int) + 1
		}
		members[i] = map[string]any{"id": p.id, "task_type": tt}
	}
	if err := exec(ctx, tx, "experience_batch_task_types", params(b.ns, "rows", sortedRows(counts))); err != nil {
		return err
	}
	return exec(ctx, tx, "experience_batch_member_of", params(b.ns, "rows", members))
}

// sortedRows returns the rows of a map in key order.
func sortedRows(m map[string]map[string]any) []map[string]any {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	rows := make([]map[string]any, len(keys))
	for i, k := range keys {
		rows[i] = m[k]
	}
	return rows
}

// writeOperations merges the batch's operations in name order, then draws
// every signature step.
func (g *Graph) writeOperations(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	nodes := map[string]map[string]any{}
	var steps []map[string]any
	for _, p := range b.items {
		for pos, o := range p.ops {
			if _, ok := nodes[o.Name]; !ok {
				nodes[o.Name] = map[string]any{"name": o.Name, "id": o.ID, "embedding": embeddingParam(o.Embedding)}
			}
			steps = append(steps, map[string]any{"id": p.id, "name": o.Name, "position": pos})
		}
	}
	if len(steps) == 0 {
		return nil
	}
	if err := exec(ctx, tx, "experience_batch_operations", params(b.ns, "rows", sortedRows(nodes))); err != nil {
		return err
	}
	return exec(ctx, tx, "experience_batch_uses_operation", params(b.ns, "rows", steps))
}

// countTransitions adds the operation transitions of the experiences not
// counted before into FOLLOWED_BY, summed per pair, pairs in sorted order.
func (g *Graph) countTransitions(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	var ids []string
	for _, p := range b.items {
		if len(p.sig) > 1 {
			ids = append(ids, p.id)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	recs, err := run(ctx, tx, "experience_batch_claim_transitions", params(b.ns, "ids", ids))
	if err != nil || len(recs) == 0 {
		return err
	}
	claimed := make(map[string]bool, len(recs))
	for _, rec := range recs {
		claimed[rowOf(rec).str("id")] = true
	}
	type pair struct{ from, to string }
	counts := map[pair]int{}
	for _, p := range b.items {
		if !claimed[p.id] {
			continue
		}
		for i := 1; i < len(p.sig); i++ {
			counts[pair{p.sig[i-1], p.sig[i]}]++
		}
	}
	keys := make([]pair, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y pair) int { return cmp.Or(strings.Compare(x.from, y.from), strings.Compare(x.to, y.to)) })
	rows := make([]map[string]any, len(keys))
	for i, k := range keys {
		rows[i] = map[string]any{"from": k.from, "to": k.to, "count": counts[k]}
	}
	return exec(ctx, tx, "experience_batch_count_transitions", params(b.ns, "pairs", rows))
}

// writeEntities merges the batch's entities in name order (the type of the
// first mention wins for a new one), then draws USES_ENTITY.
func (g *Graph) writeEntities(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	nodes := map[string]map[string]any{}
	var uses []map[string]any
	for _, p := range b.items {
		for i, e := range p.entities {
			if _, ok := nodes[e.Name]; !ok {
				nodes[e.Name] = map[string]any{"name": e.Name, "id": e.ID, "type": p.types[i], "embedding": embeddingParam(e.Embedding)}
			}
			uses = append(uses, map[string]any{"id": p.id, "name": e.Name})
		}
	}
	if len(uses) == 0 {
		return nil
	}
	if err := exec(ctx, tx, "experience_batch_entities", params(b.ns, "rows", sortedRows(nodes))); err != nil {
		return err
	}
	return exec(ctx, tx, "experience_batch_uses_entity", params(b.ns, "rows", uses))
}

// writeProvenance draws DERIVED_FROM and SUPERSEDES to the experiences that
// are projected, and logs the links whose target is not (yet).
func (g *Graph) writeProvenance(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	var derived, supersedes []map[string]any
	for _, p := range b.items {
		for _, parent := range p.exp.DerivedFrom {
			derived = append(derived, map[string]any{"id": p.id, "parent": parent.String()})
		}
		if p.exp.Supersedes != nil {
			supersedes = append(supersedes, map[string]any{"id": p.id, "old_id": p.exp.Supersedes.String()})
		}
	}
	if err := g.linkCounted(ctx, tx, b.ns, "experience_batch_derived_from", derived, "some DERIVED_FROM parents are not projected yet"); err != nil {
		return err
	}
	return g.linkCounted(ctx, tx, b.ns, "experience_batch_supersedes", supersedes, "some superseded experiences are not projected")
}

func (g *Graph) linkCounted(ctx context.Context, tx neo4j.ManagedTransaction, ns, stmt string, rows []map[string]any, warning string) error {
	if len(rows) == 0 {
		return nil
	}
	rec, ok, err := single(ctx, tx, stmt, params(ns, "rows", rows))
	if err != nil {
		return err
	}
	var linked int64
	if ok {
		linked = rowOf(rec).i64("linked")
	}
	if linked < int64(len(rows)) {
		g.logger.WarnContext(ctx, warning, "namespace", ns, "linked", linked, "wanted", len(rows))
	}
	return nil
}

func (g *Graph) writeSimilar(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	var rows []map[string]any
	for _, p := range b.items {
		for _, s := range p.similar {
			rows = append(rows, map[string]any{"id": p.id, "other": s.ID.String(), "cosine": round3(s.Cosine)})
		}
	}
	if len(rows) == 0 {
		return nil
	}
	return exec(ctx, tx, "experience_batch_similar", params(b.ns, "rows", rows))
}

// writePrinciples links the principles of the batch to their skills.
func (g *Graph) writePrinciples(ctx context.Context, tx neo4j.ManagedTransaction, b *batch) error {
	for _, p := range b.items {
		if p.exp.Outcome == evokg.OutcomePrinciple && p.exp.Skill != "" {
			if err := g.linkPrinciple(ctx, tx, b.ns, p.id, p.exp.Skill); err != nil {
				return err
			}
		}
	}
	return nil
}

// round3 keeps three decimals of a similarity stored on an edge: enough to
// rank, and readable as a caption in Neo4j Browser.
func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

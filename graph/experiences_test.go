package graph_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
)

func TestProjectExperienceDrawsEveryEdgeAndIsIdempotent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	parent := b.project(t, expOpts{Outcome: evokg.OutcomeFailure, Signature: []string{"Parse input", "add"}, Entities: []string{"integer"}})
	old := b.project(t, expOpts{Outcome: evokg.OutcomeRecipe, Signature: []string{"lookup"}})
	neighbour := b.project(t, expOpts{Signature: []string{"lookup", "filter"}})
	far := b.project(t, expOpts{Signature: []string{"sort"}})

	exp := newExperience(b.ns, expOpts{
		Outcome: evokg.OutcomeRecipe, Signature: []string{"parse input", "add", "format output"},
		Entities: []string{"integer", "sum"}, DerivedFrom: []uuid.UUID{parent.ID}, Supersedes: &old.ID,
	})
	similar := []evokg.SimilarExperience{{ID: neighbour.ID, Cosine: 0.91}, {ID: far.ID, Cosine: 0.85}}
	require.NoError(t, b.g.ProjectExperience(b.ctx, exp, similar))

	node, err := b.g.GetExperience(b.ctx, b.ns, exp.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"parse_input", "add", "format_output"}, node.Signature, "operations are normalized")
	require.Equal(t, exp.CreatedAt, node.CreatedAt)
	labels, sha, err := b.g.ExperienceRecord(b.ctx, b.ns, exp.ID)
	require.NoError(t, err)
	require.ElementsMatch(t, []string{"Experience", "RetrievalRecipe"}, labels)
	require.NotEmpty(t, sha)

	nodes, edges, err := b.g.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	// 5 experiences, 1 task type, 6 operations, 2 entities, the experience clock.
	require.EqualValues(t, 15, nodes)
	tr, err := b.g.Transitions(b.ctx, b.ns, 100)
	require.NoError(t, err)
	require.Contains(t, tr, graph.Transition{From: "parse_input", To: "add", Count: 2})
	require.Contains(t, tr, graph.Transition{From: "add", To: "format_output", Count: 1})

	// A retried projection changes nothing, transition counts included.
	require.NoError(t, b.g.ProjectExperience(b.ctx, exp, similar))
	n2, e2, err := b.g.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, nodes, n2)
	require.Equal(t, edges, e2)
	tr2, err := b.g.Transitions(b.ctx, b.ns, 100)
	require.NoError(t, err)
	require.Equal(t, tr, tr2)

	// Neighbours reveal the edges: DERIVED_FROM parent (1 hop), SIMILAR_TO is
	// not traversed, the entity-sharing parent is also 1 hop via DERIVED_FROM.
	nb, err := b.g.Neighbors(b.ctx, b.ns, []uuid.UUID{exp.ID}, 1)
	require.NoError(t, err)
	require.Len(t, nb, 1)
	require.Equal(t, parent.ID, nb[0].ExperienceID)
	require.Equal(t, 1, nb[0].Hops)
	require.Equal(t, evokg.OutcomeFailure, nb[0].Outcome)

	// The unprotected recipe may be rewritten; a class change is refused.
	exp.Content = "a better recipe"
	exp.Signature = []string{"lookup", "filter"}
	require.NoError(t, b.g.ProjectExperience(b.ctx, exp, nil))
	node, err = b.g.GetExperience(b.ctx, b.ns, exp.ID)
	require.NoError(t, err)
	require.Equal(t, "a better recipe", node.Content)
	require.Equal(t, []string{"lookup", "filter"}, node.Signature)
	exp.Outcome = evokg.OutcomePattern
	requireCode(t, b.g.ProjectExperience(b.ctx, exp, nil), evokg.ECONFLICT)

	bad := newExperience(b.ns, expOpts{})
	bad.TaskType = ""
	requireCode(t, b.g.ProjectExperience(b.ctx, bad, nil), evokg.EINVALID)
}

func TestSignatureMatchesAndStructuralEdges(t *testing.T) {
	t.Parallel()
	b := setup(t)
	same := b.project(t, expOpts{TaskType: "kgqa", Signature: []string{"entity_resolution", "temporal_filter", "aggregation"}})
	partial := b.project(t, expOpts{TaskType: "code", Outcome: evokg.OutcomeFailure, Signature: []string{"entity_resolution", "sort", "aggregation", "format"}})
	reversed := b.project(t, expOpts{TaskType: "kgqa", Signature: []string{"aggregation", "temporal_filter", "entity_resolution"}})
	b.project(t, expOpts{TaskType: "kgqa", Signature: []string{"sort", "format"}})

	query := []string{"entity resolution", "temporal_filter", "aggregation"}
	m, err := b.g.SignatureMatches(b.ctx, b.ns, "", query, 0.6, 10)
	require.NoError(t, err)
	require.Len(t, m, 2)
	require.Equal(t, same.ID, m[0].ExperienceID)
	require.InDelta(t, 1.0, m[0].Similarity, 1e-12)
	require.Equal(t, partial.ID, m[1].ExperienceID)
	require.InDelta(t, 2.0/3.0, m[1].Similarity, 1e-12, "LCS 2 over min length 3")
	require.Equal(t, evokg.OutcomeFailure, m[1].Outcome)

	m, err = b.g.SignatureMatches(b.ctx, b.ns, "kgqa", query, 0.3, 10)
	require.NoError(t, err)
	require.Len(t, m, 2, "the task type filters; reversed has LCS 1/3")
	require.Equal(t, reversed.ID, m[1].ExperienceID)
	require.InDelta(t, 1.0/3.0, m[1].Similarity, 1e-12)

	m, err = b.g.SignatureMatches(b.ctx, b.ns, "", query, 0.6, 1)
	require.NoError(t, err)
	require.Len(t, m, 1, "limit")

	// same–partial (2/3) were linked at projection; same–reversed (1/3) not.
	nb, err := b.g.Neighbors(b.ctx, b.ns, []uuid.UUID{same.ID}, 1)
	require.NoError(t, err)
	require.Len(t, nb, 1)
	require.Equal(t, partial.ID, nb[0].ExperienceID)
}

func TestNeighborsHopDistances(t *testing.T) {
	t.Parallel()
	b := setup(t)
	seed := b.project(t, expOpts{Entities: []string{"paris"}})
	child := b.project(t, expOpts{DerivedFrom: []uuid.UUID{seed.ID}})
	sharer := b.project(t, expOpts{Entities: []string{"paris"}, Outcome: evokg.OutcomeFailure})
	grandchild := b.project(t, expOpts{DerivedFrom: []uuid.UUID{child.ID}})
	b.project(t, expOpts{DerivedFrom: []uuid.UUID{grandchild.ID}}) // 3 hops
	other := b.project(t, expOpts{Entities: []string{"rome"}})

	nb, err := b.g.Neighbors(b.ctx, b.ns, []uuid.UUID{seed.ID}, 2)
	require.NoError(t, err)
	got := map[uuid.UUID]int{}
	for _, n := range nb {
		got[n.ExperienceID] = n.Hops
		require.Equal(t, seed.ID, n.SeedID)
	}
	require.Equal(t, map[uuid.UUID]int{child.ID: 1, sharer.ID: 2, grandchild.ID: 2}, got)
	require.Equal(t, child.ID, nb[0].ExperienceID, "nearest first")

	nb, err = b.g.Neighbors(b.ctx, b.ns, []uuid.UUID{seed.ID, other.ID}, 1)
	require.NoError(t, err)
	require.Len(t, nb, 1)
	_, err = b.g.Neighbors(b.ctx, b.ns, []uuid.UUID{seed.ID}, 3)
	requireCode(t, err, evokg.EINVALID)
}

func TestPrinciplesAndCascade(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *graph.Config) { c.MaxPrinciples = 2 })
	for _, n := range []string{"count", "add", "multiply", "unrelated"} {
		_, err := b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: n})
		require.NoError(t, err)
	}
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "count", "add"))
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "add", "multiply"))
	require.NoError(t, b.g.LinkSkillToTask(b.ctx, b.ns, "multiply", "arithmetic"))

	p1 := newExperience(b.ns, expOpts{Outcome: evokg.OutcomePrinciple, Content: "carry the one"})
	p2 := newExperience(b.ns, expOpts{Outcome: evokg.OutcomePrinciple, Content: "align digits"})
	p3 := newExperience(b.ns, expOpts{Outcome: evokg.OutcomePrinciple, Content: "one too many"})
	require.NoError(t, b.g.AddPrinciple(b.ctx, b.ns, "add", p1))
	require.NoError(t, b.g.AddPrinciple(b.ctx, b.ns, "add", p2))
	requireCode(t, b.g.AddPrinciple(b.ctx, b.ns, "add", p3), evokg.ELIMIT)
	require.NoError(t, b.g.AddPrinciple(b.ctx, b.ns, "add", p1), "re-adding the same principle is idempotent")
	requireCode(t, b.g.AddPrinciple(b.ctx, b.ns, "nope", p3), evokg.ENOTFOUND)
	requireCode(t, b.g.AddPrinciple(b.ctx, b.ns, "add", newExperience(b.ns, expOpts{})), evokg.EINVALID)

	ps, err := b.g.Principles(b.ctx, b.ns, "add")
	require.NoError(t, err)
	require.Len(t, ps, 2)
	require.Equal(t, "carry the one", ps[0].Content)

	cascade, err := b.g.Cascade(b.ctx, b.ns, "arithmetic")
	require.NoError(t, err)
	require.Len(t, cascade, 3)
	require.Equal(t, "count", cascade[0].Skill.Name)
	require.Equal(t, 2, cascade[0].Depth)
	require.Equal(t, "add", cascade[1].Skill.Name)
	require.Equal(t, 1, cascade[1].Depth)
	require.Len(t, cascade[1].Principles, 2)
	require.Equal(t, "multiply", cascade[2].Skill.Name)
	require.Empty(t, cascade[2].Principles)

	// A shortcut makes count a direct prerequisite: its depth is the fewest hops.
	require.NoError(t, b.g.AddPrerequisite(b.ctx, b.ns, "count", "multiply"))
	cascade, err = b.g.Cascade(b.ctx, b.ns, "arithmetic")
	require.NoError(t, err)
	require.Len(t, cascade, 3)
	require.Equal(t, 1, cascade[0].Depth)
	require.ElementsMatch(t, []string{"add", "count"}, []string{cascade[0].Skill.Name, cascade[1].Skill.Name})
	empty, err := b.g.Cascade(b.ctx, b.ns, "unknown")
	require.NoError(t, err)
	require.Empty(t, empty)
}

func TestMemoryCountsPerTaskTypeAndClass(t *testing.T) {
	t.Parallel()
	b := setup(t)
	for _, o := range []expOpts{
		{TaskType: "a", Outcome: evokg.OutcomeSuccess}, {TaskType: "a", Outcome: evokg.OutcomeSuccess},
		{TaskType: "a", Outcome: evokg.OutcomeFailure}, {TaskType: "b", Outcome: evokg.OutcomePattern, Confidence: 0.5},
	} {
		b.project(t, o)
	}
	counts, err := b.g.MemoryCounts(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, []graph.MemoryCount{
		{TaskType: "a", Outcome: evokg.OutcomeFailure, Count: 1},
		{TaskType: "a", Outcome: evokg.OutcomeSuccess, Count: 2},
		{TaskType: "b", Outcome: evokg.OutcomePattern, Count: 1},
	}, counts)
	list, err := b.g.ListExperiences(b.ctx, b.ns, "a", evokg.OutcomeSuccess, 10)
	require.NoError(t, err)
	require.Len(t, list, 2)

	// Retried projections are not counted twice; pruning is subtracted.
	exp := newExperience(b.ns, expOpts{TaskType: "a", Outcome: evokg.OutcomeRecipe})
	for range 2 {
		require.NoError(t, b.g.ProjectExperience(b.ctx, exp, nil))
	}
	_, err = b.g.PrunePatterns(b.ctx, b.ns, 0.6)
	require.NoError(t, err)
	want := []graph.MemoryCount{
		{TaskType: "a", Outcome: evokg.OutcomeFailure, Count: 1},
		{TaskType: "a", Outcome: evokg.OutcomeRecipe, Count: 1},
		{TaskType: "a", Outcome: evokg.OutcomeSuccess, Count: 2},
	}
	counts, err = b.g.MemoryCounts(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, want, counts)
	require.NoError(t, b.g.RecountMemories(b.ctx, b.ns))
	counts, err = b.g.MemoryCounts(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, want, counts, "the counters agree with a recount")
}

func TestResolutionByEmbedding(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *graph.Config) { c.ResolveThreshold = 0.8; c.ResolveMargin = 0.05 })
	emb := &bowEmbedder{Dim: bowDim}
	dis := &pickDisambiguator{choice: "sort_rows_desc", known: true}
	b.g.SetEmbedder(emb)
	b.g.SetDisambiguator(dis)

	b.project(t, expOpts{Signature: []string{"filter by date", "sort rows asc", "sort rows desc"}, Entities: []string{"LeBron James"}})
	// cos(filter by date, filter by date range) = 3/√12 ≈ 0.866 ≥ 0.8;
	// "sort rows" is 2/√6 ≈ 0.816 from both sort operations: a tie.
	names, err := b.g.ResolveOperations(b.ctx, b.ns, []string{"Filter by date range", "sort rows", "aggregate totals", "sort-rows-asc"})
	require.NoError(t, err)
	require.Equal(t, []string{"filter_by_date", "sort_rows_desc", "aggregate_totals", "sort_rows_asc"}, names)
	require.Len(t, dis.candidates, 1)
	require.ElementsMatch(t, []string{"sort_rows_asc", "sort_rows_desc"}, dis.candidates[0])

	dis.known = false
	names, err = b.g.ResolveOperations(b.ctx, b.ns, []string{"sort rows"})
	require.NoError(t, err)
	require.Equal(t, []string{"sort_rows"}, names, "the disambiguator says it is new")

	ents, err := b.g.ResolveEntities(b.ctx, b.ns, []string{"LeBron  James", "lebron james nba", "Stephen Curry"})
	require.NoError(t, err)
	require.Equal(t, []string{"LeBron James", "LeBron James", "Stephen Curry"}, ents)

	// Projection stores the resolved names and the new node's embedding.
	exp := b.project(t, expOpts{Signature: []string{"filter by date range", "aggregate totals"}})
	node, err := b.g.GetExperience(b.ctx, b.ns, exp.ID)
	require.NoError(t, err)
	require.Equal(t, []string{"filter_by_date", "aggregate_totals"}, node.Signature)
	names, err = b.g.ResolveOperations(b.ctx, b.ns, []string{"aggregate the totals"})
	require.NoError(t, err)
	require.Equal(t, []string{"aggregate_totals"}, names, "found by the stored embedding")
}

func TestResolutionWithoutEmbedderUsesExactNames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.project(t, expOpts{Signature: []string{"filter by date"}})
	names, err := b.g.ResolveOperations(b.ctx, b.ns, []string{"Filter  by-date", "filter by date range"})
	require.NoError(t, err)
	require.Equal(t, []string{"filter_by_date", "filter_by_date_range"}, names)
	_, err = b.g.ResolveOperations(b.ctx, b.ns, []string{"  "})
	requireCode(t, err, evokg.EINVALID)
}

// TestConcurrentProjectionsCountEveryTransition projects experiences that
// share operations from many goroutines: MERGE must not duplicate nodes,
// deadlocks must be retried and no FOLLOWED_BY increment may be lost.
func TestConcurrentProjectionsCountEveryTransition(t *testing.T) {
	t.Parallel()
	b := setup(t)
	const n = 12
	errs := make(chan error, n)
	for i := range n {
		go func() {
			exp := newExperience(b.ns, expOpts{TaskType: "shared", Signature: []string{"parse", "compute", "format"}, Entities: []string{"x", "y"}})
			exp.Content = exp.ID.String()
			if i%3 == 0 {
				exp.Outcome = evokg.OutcomeFailure
			}
			errs <- b.g.ProjectExperience(b.ctx, exp, nil)
		}()
	}
	for range n {
		require.NoError(t, <-errs)
	}
	tr, err := b.g.Transitions(b.ctx, b.ns, 10)
	require.NoError(t, err)
	require.ElementsMatch(t, []graph.Transition{{From: "parse", To: "compute", Count: n}, {From: "compute", To: "format", Count: n}}, tr)
	nodes, _, err := b.g.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.EqualValues(t, n+1+3+2+1, nodes, "experiences, one task type, three operations, two entities, one experience clock")
	counts, err := b.g.MemoryCounts(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, []graph.MemoryCount{
		{TaskType: "shared", Outcome: evokg.OutcomeFailure, Count: n / 3},
		{TaskType: "shared", Outcome: evokg.OutcomeSuccess, Count: n - n/3},
	}, counts)
}

func TestExperienceCopiesListsEveryNode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	first := b.project(t, expOpts{Signature: []string{"add"}})
	second := b.project(t, expOpts{Signature: []string{"sort"}})
	require.NoError(t, b.g.ProjectExperience(b.ctx, first, nil), "a retried projection adds no copy")
	copies, err := b.g.ExperienceCopies(b.ctx, b.ns)
	require.NoError(t, err)
	require.ElementsMatch(t, []graph.ExperienceCopy{
		{ID: first.ID.String(), Question: first.Question}, {ID: second.ID.String(), Question: second.Question},
	}, copies)
}

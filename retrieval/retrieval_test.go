package retrieval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/retrieval"
)

const dim = memtest.Dim

// bundle is the test's namespace and vector store; b.Insert adds a memory.
type bundle = memtest.Bundle

var setup = memtest.Setup

// expOpts describes a memory to insert; an empty Namespace is the bundle's.
type expOpts = memtest.Memory

var unit, tilt = memtest.Unit, memtest.Tilt

type bagOfWords = memtest.BagOfWords

type fakeGraph struct {
	matches   []evokg.SignatureMatch
	neighbors []evokg.Neighbor
	seeds     []uuid.UUID
}

func (g *fakeGraph) SignatureMatches(context.Context, string, string, []string, float64, int) ([]evokg.SignatureMatch, error) {
	return g.matches, nil
}

func (g *fakeGraph) Neighbors(_ context.Context, _ string, seeds []uuid.UUID, _ int) ([]evokg.Neighbor, error) {
	g.seeds = seeds
	return g.neighbors, nil
}

func itemIDs(items []retrieval.Item) []uuid.UUID {
	out := make([]uuid.UUID, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}

func allItems(p *retrieval.Pack) []retrieval.Item {
	var out []retrieval.Item
	for _, l := range [][]retrieval.Item{p.Successes, p.Failures, p.Principles, p.Structural, p.Neighbors} {
		out = append(out, l...)
	}
	return out
}

// seedSlice writes three successes and three specific failures of
// decreasing similarity to unit(0), plus closer memories elsewhere.
func seedSlice(t *testing.T, b bundle) (succ, fail []*evokg.Experience) {
	t.Helper()
	for i, cos := range []float64{0.9, 0.8, 0.7} {
		succ = append(succ, b.Insert(t, expOpts{Question: "success " + string(rune('A'+i)), Vec: tilt(0, 1+i, cos)}))
		fail = append(fail, b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific,
			Content: "correction " + string(rune('A'+i)), Vec: tilt(0, 10+i, cos-0.05)}))
	}
	other := testenv.Namespace(t)
	b.Insert(t, expOpts{TaskType: "geometry", Question: "other type", Vec: unit(0)})
	b.Insert(t, expOpts{TaskType: "geometry", Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Vec: unit(0)})
	b.Insert(t, expOpts{Namespace: other, Question: "other namespace", Vec: unit(0)})
	return succ, fail
}

func TestRetrieveAllocatesByContextLength(t *testing.T) {
	t.Parallel()
	b := setup(t)
	succ, fail := seedSlice(t, b)
	r := retrieval.New(retrieval.Config{}, b.Store, nil, nil, testenv.Logger(t))
	ctx := context.Background()
	req := retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)}

	req.Context = strings.Repeat("ж", 500) // 1000 bytes, 500 characters: short
	pack, err := r.Retrieve(ctx, req)
	require.NoError(t, err)
	require.Equal(t, retrieval.Allocation{Successes: 2, Failures: 1}, pack.Allocation)
	require.Equal(t, []uuid.UUID{succ[0].ID, succ[1].ID}, itemIDs(pack.Successes))
	require.Equal(t, []uuid.UUID{fail[0].ID}, itemIDs(pack.Failures))

	req.Context = strings.Repeat("ж", 501)
	pack, err = r.Retrieve(ctx, req)
	require.NoError(t, err)
	require.Equal(t, retrieval.Allocation{Successes: 1, Failures: 2}, pack.Allocation)
	require.Equal(t, []uuid.UUID{succ[0].ID}, itemIDs(pack.Successes))
	require.Equal(t, []uuid.UUID{fail[0].ID, fail[1].ID}, itemIDs(pack.Failures))

	for _, it := range append(pack.Successes, pack.Failures...) {
		require.Equal(t, "arithmetic", it.TaskType)
		require.Equal(t, []string{retrieval.ChannelSemantic}, it.Channels)
		require.Greater(t, it.Parts.Semantic, 0.6)
		require.InDelta(t, retrieval.DefaultWeights.Score(it.Parts), it.Score, 1e-9)
	}
	require.Positive(t, pack.TookMS)
}

func TestRetrieveAPEXMode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	succ, fail := seedSlice(t, b)
	req := retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)}
	apex := retrieval.New(retrieval.Config{Mode: retrieval.ModeAPEX}, b.Store, nil, nil, testenv.Logger(t))
	mage := retrieval.New(retrieval.Config{}, b.Store, nil, nil, testenv.Logger(t))
	for name, get := range map[string]func() (*retrieval.Pack, error){
		"configured": func() (*retrieval.Pack, error) { return apex.Retrieve(context.Background(), req) },
		"requested": func() (*retrieval.Pack, error) {
			r := req
			r.Mode = retrieval.ModeAPEX
			return mage.Retrieve(context.Background(), r)
		},
	} {
		pack, err := get()
		require.NoError(t, err, name)
		require.Equal(t, []uuid.UUID{succ[0].ID, succ[1].ID, succ[2].ID}, itemIDs(pack.Successes), name)
		require.Equal(t, []uuid.UUID{fail[0].ID, fail[1].ID}, itemIDs(pack.Failures), name)
	}
	pack, err := mage.Retrieve(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, pack.Successes, 2, "the default mode is κ: 2 successes + 1 failure for a short context")
	require.Len(t, pack.Failures, 1)
}

func TestRetrieveNeverReturnsAnotherTaskTypeOrNamespace(t *testing.T) {
	t.Parallel()
	b := setup(t)
	seedSlice(t, b)
	other := testenv.Namespace(t)
	foreignType := b.Insert(t, expOpts{TaskType: "geometry", Signature: []string{"a", "b"}, Vec: unit(0)})
	foreignNS := b.Insert(t, expOpts{Namespace: other, Signature: []string{"a", "b"}, Vec: unit(0)})
	// A misbehaving graph source that reports them as matches of this slice.
	g := &fakeGraph{
		matches: []evokg.SignatureMatch{
			{ExperienceID: foreignType.ID, TaskType: "arithmetic", Signature: []string{"a", "b"}},
			{ExperienceID: foreignNS.ID, TaskType: "arithmetic", Signature: []string{"a", "b"}},
		},
		neighbors: []evokg.Neighbor{
			{ExperienceID: foreignType.ID, TaskType: "arithmetic", Hops: 1},
			{ExperienceID: foreignNS.ID, TaskType: "arithmetic", Hops: 1},
		},
	}
	for _, scope := range retrieval.Scopes {
		r := retrieval.New(retrieval.Config{Mode: retrieval.ModeAPEX, StructuralScope: scope}, b.Store, g, nil, testenv.Logger(t))
		for _, strategy := range retrieval.Strategies {
			// The question shares words with every memory, the other
			// type's and namespace's included, so the lexical arm finds them.
			pack, err := r.Retrieve(context.Background(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic",
				Question: "success correction other type namespace", Signature: []string{"a", "b"}, Embedding: unit(0), Strategy: strategy})
			require.NoError(t, err)
			items := allItems(pack)
			require.NotEmpty(t, items)
			for _, it := range items {
				require.NotEqual(t, foreignNS.ID, it.ID, strategy)
				if scope == retrieval.ScopeAll && it.ID == foreignType.ID {
					// A structural match may cross task types; the graph
					// neighbour it also was does not count.
					require.Equal(t, []string{retrieval.ChannelStructural}, it.Channels, strategy)
					require.Zero(t, it.Parts.Proximity, strategy)
					continue
				}
				require.Equal(t, "arithmetic", it.TaskType, strategy)
				require.NotEqual(t, foreignType.ID, it.ID, strategy)
			}
			require.NotContains(t, pack.Rendered, "other namespace")
		}
	}
}

func TestRetrieveTypeStrategyNeedsSimilarity(t *testing.T) {
	t.Parallel()
	b := setup(t)
	above := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureTypeStrategy, Content: "method A", Vec: tilt(0, 1, 0.56)})
	b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureTypeStrategy, Content: "method B", Vec: tilt(0, 2, 0.54)})
	r := retrieval.New(retrieval.Config{ExtendedShortText: true}, b.Store, nil, nil, testenv.Logger(t))
	pack, err := r.Retrieve(context.Background(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)})
	require.NoError(t, err)
	require.Equal(t, 2, pack.Allocation.Failures)
	require.Equal(t, []uuid.UUID{above.ID}, itemIDs(pack.Failures))
	require.Contains(t, pack.Rendered, "[type strategy] method A")
	require.NotContains(t, pack.Rendered, "method B")
}

// The type_strategy rule (similarity ≥ 0.55) is applied before the cut to
// K: type_strategy failures it refuses, though more similar, do not crowd
// out of the top K a failure it allows.
func TestRetrieveTypeStrategyRuleBeforeTheCut(t *testing.T) {
	t.Parallel()
	b := setup(t)
	refused := func(i int, cos float64) {
		b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureTypeStrategy, Content: "refused method", Vec: tilt(0, 10+i, cos)})
	}
	refused(0, 0.54)
	refused(1, 0.50)
	refused(2, 0.45)
	fourth := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "the fourth, allowed", Vec: tilt(0, 20, 0.30)})
	refused(3, 0.20)
	r := retrieval.New(retrieval.Config{Mode: retrieval.ModeAPEX}, b.Store, nil, nil, testenv.Logger(t))
	req := retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)}
	pack, err := r.Retrieve(t.Context(), req)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{fourth.ID}, itemIDs(pack.Failures), "ranked 4th by similarity, it is still considered")
	require.InDelta(t, 0.30, pack.Failures[0].Parts.Semantic, 1e-6)
	require.Equal(t, []uuid.UUID{fourth.ID}, pack.Shown)
	require.NotContains(t, pack.Rendered, "refused method")

	// An allowed type_strategy failure and the specific ones share the top K.
	allowed := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureTypeStrategy, Content: "allowed method", Vec: tilt(0, 21, 0.60)})
	next := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "the fifth", Vec: tilt(0, 22, 0.25)})
	pack, err = r.Retrieve(t.Context(), req)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{allowed.ID, fourth.ID}, itemIDs(pack.Failures))
	require.NotContains(t, itemIDs(allItems(pack)), next.ID, "the pack's two failure places are taken")
}

func TestRetrieveHybridGraphMergesChannels(t *testing.T) {
	t.Parallel()
	b := setup(t)
	sig := []string{"parse", "convert", "sum"}
	semantic := b.Insert(t, expOpts{Question: "semantic and structural", Signature: sig, Vec: tilt(0, 1, 0.9)})
	structural := b.Insert(t, expOpts{Question: "structural only", Signature: []string{"parse", "x", "sum"}, Vec: tilt(0, 2, 0.3)})
	weak := b.Insert(t, expOpts{Question: "weak structure", Signature: []string{"parse", "x", "y", "z"}, Vec: tilt(0, 3, 0.2)})
	neighbor := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "graph correction", Vec: tilt(0, 4, -0.1)}) // anti-similar: found by the graph only
	recipe := b.Insert(t, expOpts{Outcome: evokg.OutcomeRecipe, Content: "recipe", Vec: tilt(0, 5, 0.1)})
	g := &fakeGraph{
		matches: []evokg.SignatureMatch{
			{ExperienceID: semantic.ID, TaskType: "arithmetic", Signature: sig, Similarity: 1},
			{ExperienceID: structural.ID, TaskType: "arithmetic", Signature: structural.Signature, Similarity: 0.67},
			{ExperienceID: weak.ID, TaskType: "arithmetic", Signature: weak.Signature, Similarity: 0.9}, // claims 0.9, is 1/3
		},
		neighbors: []evokg.Neighbor{
			{ExperienceID: structural.ID, SeedID: semantic.ID, TaskType: "arithmetic", Hops: 2},
			{ExperienceID: neighbor.ID, SeedID: semantic.ID, TaskType: "arithmetic", Hops: 1},
			{ExperienceID: recipe.ID, SeedID: semantic.ID, TaskType: "arithmetic", Hops: 1},
		},
	}
	r := retrieval.New(retrieval.Config{Mode: retrieval.ModeAPEX}, b.Store, g, nil, testenv.Logger(t))
	pack, err := r.Retrieve(context.Background(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q",
		Signature: sig, Embedding: unit(0), Strategy: retrieval.StrategyHybridGraph})
	require.NoError(t, err)
	require.Contains(t, g.seeds, semantic.ID, "the semantic hits seed the graph channel")

	byID := map[uuid.UUID]retrieval.Item{}
	for _, it := range allItems(pack) {
		_, dup := byID[it.ID]
		require.False(t, dup, "each experience appears once")
		byID[it.ID] = it
	}
	require.Equal(t, []string{retrieval.ChannelSemantic}, byID[weak.ID].Channels, "sim_σ = 1/3 is below 0.6 whatever the source says")
	require.Zero(t, byID[weak.ID].Parts.Structural)

	first := byID[semantic.ID]
	require.Equal(t, []string{retrieval.ChannelSemantic, retrieval.ChannelStructural}, first.Channels)
	require.Equal(t, 1.0, first.Parts.Structural)
	require.InDelta(t, 0.9, first.Parts.Semantic, 1e-6)

	st := byID[structural.ID]
	require.Equal(t, []string{retrieval.ChannelGraph, retrieval.ChannelSemantic, retrieval.ChannelStructural}, st.Channels)
	require.InDelta(t, 2.0/3, st.Parts.Structural, 1e-9)
	require.Equal(t, 0.5, st.Parts.Proximity)

	nb := byID[neighbor.ID]
	require.Equal(t, []uuid.UUID{neighbor.ID}, itemIDs(pack.Failures), "a graph neighbour competes for the allocation")
	require.NotContains(t, byID, recipe.ID, "no section of the prompt shows a recipe: it is not in the pack")
	require.Equal(t, 1.0, nb.Parts.Proximity)
	require.Equal(t, []string{retrieval.ChannelGraph}, nb.Channels)
	require.Equal(t, []uuid.UUID{semantic.ID, structural.ID, weak.ID}, itemIDs(pack.Successes), "ranked by composite score")

	// The semantic strategy ignores the graph.
	pack, err = r.Retrieve(context.Background(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q",
		Signature: sig, Embedding: unit(0), Strategy: retrieval.StrategySemantic})
	require.NoError(t, err)
	require.Empty(t, pack.Neighbors)
	require.Equal(t, []string{retrieval.ChannelSemantic}, pack.Successes[0].Channels)
}

type principles struct{ items []retrieval.Item }

func (p principles) Principles(context.Context, retrieval.PrincipleRequest) ([]retrieval.Item, error) {
	return p.items, nil
}

func TestRetrieveCascadeRendersPrinciplesLast(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.Insert(t, expOpts{Question: "How much is 3+4?", Vec: tilt(0, 1, 0.9)})
	b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "Forgot to carry.", Vec: tilt(0, 2, 0.9)})
	b.Insert(t, expOpts{Outcome: evokg.OutcomePrinciple, Content: "Line digits up before adding.", Vec: tilt(0, 3, 0.8)})
	b.Insert(t, expOpts{TaskType: "geometry", Outcome: evokg.OutcomePrinciple, Content: "Angles sum to 180.", Vec: unit(0)})

	r := retrieval.New(retrieval.Config{}, b.Store, nil, nil, testenv.Logger(t))
	req := retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0), Strategy: retrieval.StrategyCascade}
	pack, err := r.Retrieve(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, pack.Principles, 1)
	out := pack.Rendered
	iS, iF, iP := strings.Index(out, "How much is 3+4?"), strings.Index(out, "Forgot to carry."), strings.Index(out, "Line digits up")
	require.True(t, iS >= 0 && iF > iS && iP > iF, "successes, then failures, then principles:\n%s", out)
	require.NotContains(t, out, "Angles sum")

	// A configured PrincipleSource replaces the index; items of other task
	// types are dropped.
	src := principles{items: []retrieval.Item{
		{ID: evokg.NewID(), Outcome: evokg.OutcomePrinciple, TaskType: "arithmetic", Text: "From the skill DAG."},
		{ID: evokg.NewID(), Outcome: evokg.OutcomePrinciple, TaskType: "geometry", Text: "Wrong type."},
	}}
	r = retrieval.New(retrieval.Config{Principles: src}, b.Store, nil, nil, testenv.Logger(t))
	pack, err = r.Retrieve(context.Background(), req)
	require.NoError(t, err)
	require.Contains(t, pack.Rendered, "- From the skill DAG.")
	require.NotContains(t, pack.Rendered, "Wrong type.")
}

func TestRetrieveEmbedsTheQuestionOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	emb := &bagOfWords{}
	vs, _ := emb.Embed(context.Background(), []string{"what is the sum of two and three"})
	target := b.Insert(t, expOpts{Question: "what is the sum of two and three", Vec: vs[0]})
	emb.ResetCalls()

	r := retrieval.New(retrieval.Config{}, b.Store, nil, emb, testenv.Logger(t))
	req := retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "What is the sum of two and three?"}
	for range 3 {
		pack, err := r.Retrieve(context.Background(), req)
		require.NoError(t, err)
		require.Equal(t, []uuid.UUID{target.ID}, itemIDs(pack.Successes))
		require.InDelta(t, 1, pack.Successes[0].Parts.Semantic, 1e-6)
	}
	require.Equal(t, 1, emb.Calls(), "the embedding is cached")
}

func TestRetrieveValidates(t *testing.T) {
	t.Parallel()
	b := setup(t)
	r := retrieval.New(retrieval.Config{}, b.Store, nil, nil, testenv.Logger(t))
	ctx := context.Background()

	_, err := r.Retrieve(ctx, retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: make([]float32, 384)})
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, evokg.EINVALID, e.Code)
	require.Equal(t, "/embedding", e.Fields[0].Pointer)
	require.Contains(t, e.Fields[0].Detail, "has 384 dimensions, the embedding indexes have 768")

	_, err = r.Retrieve(ctx, retrieval.Request{Namespace: b.NS, Question: "q", Embedding: unit(0), Strategy: "magic"})
	require.ErrorAs(t, err, &e)
	require.Len(t, e.Fields, 2) // task type and strategy

	_, err = r.Retrieve(ctx, retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q"})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err), "no embedder and no embedding")

	bad := retrieval.New(retrieval.Config{K: 1000}, b.Store, nil, nil, nil)
	_, err = bad.Retrieve(ctx, retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)})
	require.ErrorContains(t, err, "K 1000")
}

// A query signature in free-text form ("Temporal Filter") matches the
// canonical names the graph stores ("temporal_filter"): sim_σ is computed
// on canonical names on both sides.
func TestStructuralSimilarityUsesCanonicalOperationNames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	stored := []string{"entity_resolution", "temporal_filter", "aggregation"}
	match := b.Insert(t, expOpts{Question: "structural", Signature: stored, Vec: tilt(0, 1, 0.2)})
	g := &fakeGraph{matches: []evokg.SignatureMatch{{ExperienceID: match.ID, TaskType: "arithmetic", Signature: stored, Similarity: 1}}}
	r := retrieval.New(retrieval.Config{Mode: retrieval.ModeAPEX}, b.Store, g, nil, testenv.Logger(t))
	pack, err := r.Retrieve(context.Background(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q",
		Signature: []string{"Entity Resolution", "Temporal Filter", "Aggregation"}, Embedding: unit(0),
		Strategy: retrieval.StrategySemanticStructural})
	require.NoError(t, err)
	var found *retrieval.Item
	for _, it := range allItems(pack) {
		if it.ID == match.ID {
			found = &it
		}
	}
	require.NotNil(t, found, "the structural match is in the pack")
	require.Equal(t, 1.0, found.Parts.Structural)
}

// The lexical arm holds only the memories that share the question's words,
// by lexical score: the semantic neighbour that shares none is in the
// semantic pack and not in the lexical one. The lexical arm needs the
// question's words, and no embedding.
func TestLexicalArmHoldsOnlyLexicalMatches(t *testing.T) {
	t.Parallel()
	b := setup(t)
	log := b.Insert(t, expOpts{Question: "Sensor log: RX-1207 reads 17.", Vec: tilt(0, 1, 0.1)})
	near := b.Insert(t, expOpts{Question: "Pump pressure at the south site", Vec: tilt(0, 2, 0.95)})
	r := retrieval.New(retrieval.Config{}, b.Store, nil, nil, testenv.Logger(t))
	pack := func(strategy string) *retrieval.Pack {
		p, err := r.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic",
			Question: "What does relay RX-1207 read?", Embedding: unit(0), Strategy: strategy})
		require.NoError(t, err)
		return p
	}
	require.Equal(t, []uuid.UUID{near.ID, log.ID}, itemIDs(pack(retrieval.StrategySemantic).Successes))
	lexical := pack(retrieval.StrategyLexical)
	require.Equal(t, []uuid.UUID{log.ID}, itemIDs(allItems(lexical)))
	require.Equal(t, []string{retrieval.ChannelLexical}, lexical.Successes[0].Channels)
	unembedded, err := r.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic",
		Question: "What does relay RX-1207 read?", Strategy: retrieval.StrategyLexical})
	require.NoError(t, err, "no embedding model is configured, and none is needed")
	require.Equal(t, lexical.Rendered, unembedded.Rendered)

	_, err = r.Retrieve(t.Context(), retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Embedding: unit(0),
		Strategy: retrieval.StrategyLexical})
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "/question", e.Fields[0].Pointer)
}

package graph_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
)

// With limits that do not bind, projecting experiences one at a time and in
// batches draws the same STRUCTURALLY_SIMILAR_TO edges: every pair whose
// signature similarity |LCS| / min length reaches 0.6, with that similarity.
func TestStructuralEdgesBatchedEqualOneAtATimeAndBruteForce(t *testing.T) {
	t.Parallel()
	unbound := func(c *graph.Config) { c.CandidateLimit, c.StructuralLinks = 1000, 1000 }
	single, batched := setup(t, unbound), setup(t, unbound)
	rng := rand.New(rand.NewPCG(7, 11))
	ops := []string{"parse", "lookup", "filter", "join", "rank", "format"}
	var exps []*evokg.Experience
	for range 60 {
		sig := make([]string, 2+rng.IntN(4))
		for j := range sig {
			sig[j] = ops[rng.IntN(len(ops))]
		}
		exps = append(exps, newExperience(single.ns, expOpts{Signature: sig}))
	}

	for _, e := range exps {
		require.NoError(t, single.g.ProjectExperience(single.ctx, e, nil))
	}
	for chunk := range slices.Chunk(exps, 25) {
		copies := make([]*evokg.Experience, len(chunk))
		for i, e := range chunk {
			c := *e
			c.Namespace = batched.ns
			copies[i] = &c
		}
		require.NoError(t, batched.g.ProjectExperiences(batched.ctx, copies, nil))
	}

	want := map[[2]string]float64{}
	for i, a := range exps {
		for _, b := range exps[i+1:] {
			if s := evokg.SignatureSimilarity(a.Signature, b.Signature); s >= evokg.DefaultStructuralThreshold {
				want[pairKey(a.ID.String(), b.ID.String())] = s
			}
		}
	}
	require.Greater(t, len(want), 100, "the vocabulary is small enough for many matches")
	require.Less(t, len(want), 60*59/2, "and some pairs fall below the threshold")
	for _, b := range []bundle{single, batched} {
		got := structuralEdges(t, b)
		require.Len(t, got, len(want), "namespace %s", b.ns)
		for k, s := range want {
			require.InDelta(t, s, got[k], 0.0005, "edge %v", k)
		}
	}
}

func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// structuralEdges reads the namespace's structural edges, each pair once.
func structuralEdges(t *testing.T, b bundle) map[[2]string]float64 {
	t.Helper()
	res, err := neo4j.ExecuteQuery(b.ctx, testenv.Neo4j(t),
		`MATCH (a:Experience {namespace: $ns})-[s:STRUCTURALLY_SIMILAR_TO]->(c:Experience)
		 RETURN a.id AS a, c.id AS c, s.similarity AS similarity`,
		map[string]any{"ns": b.ns}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	out := map[[2]string]float64{}
	for _, r := range res.Records {
		a, _ := r.Get("a")
		c, _ := r.Get("c")
		s, _ := r.Get("similarity")
		k := pairKey(a.(string), c.(string))
		require.NotContains(t, out, k, "one edge per pair")
		out[k] = s.(float64)
	}
	return out
}

// Structural candidates come from the newest StructuralWindow experiences
// (of the namespace, or of the task type): older ones are neither matched
// nor linked, and the ranking prefers the newest among equals.
func TestStructuralWindowKeepsTheNewest(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *graph.Config) { c.StructuralWindow = 5 })
	sig := []string{"parse", "lookup", "format"}
	var kgqa, code []*evokg.Experience
	for i := range 8 {
		kgqa = append(kgqa, b.project(t, expOpts{TaskType: "kgqa", Signature: sig}))
		if i%2 == 0 {
			code = append(code, b.project(t, expOpts{TaskType: "code", Signature: sig}))
		}
	}
	ids := func(ms []evokg.SignatureMatch) []string {
		var out []string
		for _, m := range ms {
			out = append(out, m.ExperienceID.String())
		}
		return out
	}
	newest := func(es ...*evokg.Experience) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.ID.String())
		}
		slices.Reverse(out)
		return out
	}

	all, err := b.g.SignatureMatches(b.ctx, b.ns, "", sig, 0.6, 100)
	require.NoError(t, err)
	// Projected in the order kgqa0 code0 kgqa1 kgqa2 code1 kgqa3 kgqa4 code2
	// kgqa5 kgqa6 code3 kgqa7: the window holds the last five.
	require.Equal(t, newest(code[2], kgqa[5], kgqa[6], code[3], kgqa[7]), ids(all), "the 5 newest, newest first")

	inType, err := b.g.SignatureMatches(b.ctx, b.ns, "code", sig, 0.6, 100)
	require.NoError(t, err)
	require.Equal(t, newest(code...), ids(inType), "the 4 code experiences fit the window")
	inType, err = b.g.SignatureMatches(b.ctx, b.ns, "kgqa", sig, 0.6, 100)
	require.NoError(t, err)
	require.Equal(t, newest(kgqa[3:]...), ids(inType))

	// The first experience, once out of every later one's window, has only
	// the edges drawn when it was new, to those projected right after.
	edges := structuralEdges(t, b)
	for k := range edges {
		require.NotEqual(t, pairKey(kgqa[0].ID.String(), kgqa[7].ID.String()), k, "kgqa 0 and 7 are never in one window")
	}
	require.NotEmpty(t, edges)
}

// Matches across task types and within one come from two statements that
// read different indexes. When every experience has one task type they
// must agree to the order, with a candidate limit and a window that bind.
func TestSignatureMatchesAcrossTypesRankAsWithinOne(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *graph.Config) { c.CandidateLimit, c.StructuralWindow = 6, 40 })
	randomSig := randomSignatures(rand.New(rand.NewPCG(3, 5)), "parse", "lookup", "filter", "join", "rank", "format")
	var exps []*evokg.Experience
	for range 60 {
		exps = append(exps, newExperience(b.ns, expOpts{TaskType: "kgqa", Signature: randomSig()}))
	}
	require.NoError(t, b.g.ProjectExperiences(b.ctx, exps, nil))
	matched := 0
	for range 30 {
		q := randomSig()
		across, err := b.g.SignatureMatches(b.ctx, b.ns, "", q, 0.5, 4)
		require.NoError(t, err)
		within, err := b.g.SignatureMatches(b.ctx, b.ns, "kgqa", q, 0.5, 4)
		require.NoError(t, err)
		require.Equal(t, within, across, "query %v", q)
		matched += len(across)
	}
	require.Greater(t, matched, 30, "the queries find matches")
}

// randomSignatures returns a generator of signatures of 2 to 5 steps drawn
// from ops.
func randomSignatures(rng *rand.Rand, ops ...string) func() []string {
	return func() []string {
		sig := make([]string, 2+rng.IntN(4))
		for j := range sig {
			sig[j] = ops[rng.IntN(len(ops))]
		}
		return sig
	}
}

// Structural matches are served memories only, and memories not served
// never take a served match's place: with the newest matches quarantined
// or probationary, the limit is filled by the older active ones, within a
// task type (Cypher) and across task types (the window, which must follow
// the mirrored states).
func TestSignatureMatchesServeOnlyActiveMemories(t *testing.T) {
	t.Parallel()
	b := setup(t, func(c *graph.Config) { c.CandidateLimit = 3 })
	sig := []string{"parse", "lookup", "rank"}
	var exps []*evokg.Experience
	for range 8 {
		exps = append(exps, newExperience(b.ns, expOpts{TaskType: "kgqa", Signature: sig}))
	}
	require.NoError(t, b.g.ProjectExperiences(b.ctx, exps, nil))
	across, err := b.g.SignatureMatches(b.ctx, b.ns, "", sig, 0.6, 2)
	require.NoError(t, err)
	require.Len(t, across, 2, "the window is read before the states change")

	var unserved []evokg.Utility
	for i, e := range exps[2:] { // ids grow with time: the six newest
		state := evokg.MemoryQuarantined
		if i%2 == 0 {
			state = evokg.MemoryProbationary
		}
		unserved = append(unserved, evokg.Utility{ID: e.ID, TaskType: "kgqa", State: state})
	}
	matched, err := b.g.SetUtility(b.ctx, b.ns, unserved)
	require.NoError(t, err)
	require.Equal(t, len(unserved), matched)

	want := []uuid.UUID{exps[1].ID, exps[0].ID} // equal similarity: newest first
	for _, taskType := range []string{"kgqa", ""} {
		got, err := b.g.SignatureMatches(b.ctx, b.ns, taskType, sig, 0.6, 2)
		require.NoError(t, err)
		ids := make([]uuid.UUID, len(got))
		for i, m := range got {
			ids[i] = m.ExperienceID
		}
		require.Equal(t, want, ids, "task type %q", taskType)
	}
}

package graph_test

import (
	"math/rand/v2"
	"slices"
	"testing"

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

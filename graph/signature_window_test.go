package graph_test

import (
	"math/rand/v2"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
)

// TestSignatureWindowFollowsEveryChange keeps two processes' in-memory
// windows (two Graphs) warm while the namespace is written, rewritten,
// pruned and purged, mostly by the other process, and after each change
// compares their matches across task types with the Cypher ranking within
// the namespace's one task type (the same window): writes, rewrites,
// deletions and purges must all reach a window kept by another process.
func TestSignatureWindowFollowsEveryChange(t *testing.T) {
	t.Parallel()
	small := func(c *graph.Config) { c.CandidateLimit, c.StructuralWindow = 6, 40 }
	b := setup(t, small)
	cfg := testConfig()
	small(&cfg)
	other, err := graph.Open(b.ctx, cfg, testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = other.Close(b.ctx) })

	randomSig := randomSignatures(rand.New(rand.NewPCG(7, 11)), "parse", "lookup", "filter", "join", "rank", "format", "verify")
	matched := 0
	check := func(step string) {
		t.Helper()
		for range 20 {
			q := randomSig()
			within, err := b.g.SignatureMatches(b.ctx, b.ns, "kgqa", q, 0.5, 4)
			require.NoError(t, err)
			for _, g := range []*graph.Graph{b.g, other} {
				across, err := g.SignatureMatches(b.ctx, b.ns, "", q, 0.5, 4)
				require.NoError(t, err)
				require.Equal(t, within, across, "%s: query %v", step, q)
			}
			matched += len(within)
		}
	}
	project := func(g *graph.Graph, n int) []*evokg.Experience {
		t.Helper()
		exps := make([]*evokg.Experience, n)
		for i := range exps {
			exps[i] = newExperience(b.ns, expOpts{TaskType: "kgqa", Outcome: evokg.OutcomeRecipe, Signature: randomSig()})
		}
		require.NoError(t, g.ProjectExperiences(b.ctx, exps, nil))
		return exps
	}

	check("empty namespace")
	project(b.g, 30)
	check("written here")
	project(other, 30) // 60 in all: the window keeps the newest 40
	check("written by another process")

	newer := project(other, 5)
	for _, e := range newer {
		e.Signature = randomSig()
	}
	require.NoError(t, other.ProjectExperiences(b.ctx, newer, nil))
	check("rewritten by another process")

	_, err = other.DeleteExperiences(b.ctx, b.ns, []uuid.UUID{newer[0].ID, newer[3].ID})
	require.NoError(t, err)
	check("deleted by another process")

	require.NoError(t, other.PurgeNamespace(b.ctx, b.ns))
	check("purged by another process")
	project(other, 10)
	check("written after the purge")
	require.Greater(t, matched, 100, "the queries find matches")
}

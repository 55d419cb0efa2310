package graph_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
)

// failingEmbedder fails the test when called: warming never calls a model.
type failingEmbedder struct{ t *testing.T }

func (e failingEmbedder) Embed(context.Context, []string) ([][]float32, error) {
	e.t.Error("Warm called the embedder")
	return nil, nil
}

func (e failingEmbedder) Dimension() int { return bowDim }

func TestWarmRunsEveryQueryAndLeavesNothing(t *testing.T) {
	b := setup(t)
	b.g.SetEmbedder(failingEmbedder{t})
	rep, err := b.g.Warm(b.ctx, graph.WarmOptions{Rounds: 3})
	require.NoError(t, err)
	require.Equal(t, 3, rep.Rounds)
	require.Equal(t, 3*15, rep.Queries, "one projection and fourteen reads per round")
	require.GreaterOrEqual(t, rep.Nodes, int64(3*8), "each round projects its batch")
	require.Positive(t, rep.Edges)
	nodes, edges, err := b.g.CountNodesAndEdges(b.ctx, rep.Namespace)
	require.NoError(t, err)
	require.Zero(t, nodes, "the warm-up namespace is purged")
	require.Zero(t, edges)
	require.Zero(t, rep.DataReads, "no reads on data unless asked for")
}

// TestWarmOnDataReadsTheNamespaceAndWritesNothing warms on a namespace
// with two task types for 300 ms: every read query runs on each task type's
// inputs, and the namespace's nodes, edges and experience clock are as they
// were.
func TestWarmOnDataReadsTheNamespaceAndWritesNothing(t *testing.T) {
	b := setup(t)
	for _, tt := range []string{"arithmetic", "spelling"} {
		for range 3 {
			exp := newExperience(b.ns, expOpts{TaskType: tt, Signature: []string{"parse", "add", "answer"}})
			require.NoError(t, b.g.ProjectExperience(b.ctx, exp, nil))
		}
	}
	nodes, edges, err := b.g.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	clock := experienceClock(t, b)
	b.g.SetEmbedder(failingEmbedder{t})

	rep, err := b.g.Warm(b.ctx, graph.WarmOptions{Rounds: 1, OnData: 300 * time.Millisecond, Namespaces: []string{b.ns}})
	require.NoError(t, err)
	require.Equal(t, []string{b.ns}, rep.DataNamespaces)
	require.GreaterOrEqual(t, rep.DataTook, 300*time.Millisecond)
	require.Positive(t, rep.DataReads)
	require.Zero(t, rep.DataReads%(2*14), "whole rounds of fourteen reads on each task type")

	n, e, err := b.g.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, nodes, n)
	require.Equal(t, edges, e)
	require.Equal(t, clock, experienceClock(t, b), "reads only: the clock did not move")
}

// TestRecentNamespacesAreTheLastWritten: of two namespaces written one after
// the other, the later comes first among the namespaces written to most
// recently.
func TestRecentNamespacesAreTheLastWritten(t *testing.T) {
	first, second := setup(t), setup(t)
	require.NoError(t, first.g.ProjectExperience(first.ctx, newExperience(first.ns, expOpts{}), nil))
	time.Sleep(5 * time.Millisecond) // written_at counts milliseconds
	require.NoError(t, second.g.ProjectExperience(second.ctx, newExperience(second.ns, expOpts{}), nil))
	all, err := graph.RecentNamespaces(first.g, first.ctx, 100000)
	require.NoError(t, err)
	i, j := slices.Index(all, second.ns), slices.Index(all, first.ns)
	require.GreaterOrEqual(t, i, 0)
	require.Greater(t, j, i, "the later write comes first")
	for _, ns := range all {
		require.False(t, strings.HasPrefix(ns, "evokg-warmup-"), "warm-up namespaces are left out")
	}
}

// experienceClock reads the namespace's clock node as written.
func experienceClock(t *testing.T, b bundle) map[string]any {
	t.Helper()
	res, err := neo4j.ExecuteQuery(b.ctx, testenv.Neo4j(t), "MATCH (c:ExperienceClock {namespace: $ns}) RETURN properties(c) AS p",
		map[string]any{"ns": b.ns}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	require.Len(t, res.Records, 1)
	p, _ := res.Records[0].Get("p")
	return p.(map[string]any)
}

package graph_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
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
	rep, err := b.g.Warm(b.ctx, 3)
	require.NoError(t, err)
	require.Equal(t, 3, rep.Rounds)
	require.Equal(t, 3*15, rep.Queries, "one projection and fourteen reads per round")
	require.GreaterOrEqual(t, rep.Nodes, int64(3*8), "each round projects its batch")
	require.Positive(t, rep.Edges)
	nodes, edges, err := b.g.CountNodesAndEdges(b.ctx, rep.Namespace)
	require.NoError(t, err)
	require.Zero(t, nodes, "the warm-up namespace is purged")
	require.Zero(t, edges)
}

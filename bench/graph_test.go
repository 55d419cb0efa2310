package bench_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/bench"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
)

// TestGraphBenchmarkSmall runs the graph benchmark end to end at a small
// size: it builds, measures every query, reports JSON and purges.
func TestGraphBenchmarkSmall(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, testenv.Logger(t))
	require.NoError(t, err)
	defer g.Close(ctx)

	var progress strings.Builder
	res, err := bench.Graph(ctx, g, bench.GraphOptions{Experiences: 400, Skills: 20, TaskTypes: 5, Entities: 50, Iterations: 10,
		Window: 5 * time.Millisecond}, &progress)
	require.NoError(t, err, progress.String())
	t.Log(progress.String())

	require.Equal(t, 400, res.Sizes.Experiences)
	require.Greater(t, res.Sizes.Nodes, int64(400+20+5))
	require.Greater(t, res.Sizes.Edges, int64(400*3))
	for _, q := range []string{"frontier", "cascade", "neighbors_2hop", "transitions", "signature_matches", "signature_matches_any_type", "memory_counts"} {
		s, ok := res.Queries[q]
		require.True(t, ok, q)
		require.Positive(t, s.P50MS, q)
		require.GreaterOrEqual(t, s.P95MS, s.P50MS, q)
	}
	requireWindowsHoldEveryRun(t, res)
	require.Positive(t, res.Queries["signature_matches"].AvgRows)
	require.Positive(t, res.Queries["neighbors_2hop"].AvgRows)
	require.Positive(t, res.Queries["cascade"].AvgRows)

	b, err := json.Marshal(res)
	require.NoError(t, err)
	require.Contains(t, string(b), `"p95_ms"`)
	require.Contains(t, string(b), `"sizes"`)

	n, _, err := g.CountNodesAndEdges(ctx, res.Namespace)
	require.NoError(t, err)
	require.Zero(t, n, "the namespace is purged")
}

// requireWindowsHoldEveryRun checks that the windows are consecutive and
// split each query's runs without losing or repeating one.
func requireWindowsHoldEveryRun(t *testing.T, res bench.GraphResult) {
	t.Helper()
	require.NotEmpty(t, res.Windows)
	runs := map[string]int{}
	for i, w := range res.Windows {
		require.InDelta(t, float64(i)*0.005, w.StartS, 1e-9)
		for name, q := range w.Queries {
			runs[name] += q.Runs
			require.GreaterOrEqual(t, q.P95MS, q.P50MS, name)
		}
	}
	for name, q := range res.Queries {
		require.Equal(t, q.Runs, runs[name], name)
	}
}

// TestGraphBenchmarkUnderLoad times the queries while a real ingest bench
// runs beside them: whole passes repeat until the load has ended, and the
// load's own figures come back.
func TestGraphBenchmarkUnderLoad(t *testing.T) {
	ctx := t.Context()
	pool := testenv.Postgres(t)
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, testenv.Logger(t))
	require.NoError(t, err)
	defer g.Close(ctx)

	var load bench.IngestResult
	opts := bench.GraphOptions{Experiences: 200, Skills: 10, TaskTypes: 5, Entities: 20, Iterations: 5,
		Load: func(ctx context.Context) (err error) {
			load, err = bench.Ingest(ctx, pool, g, bench.IngestOptions{N: 100}, io.Discard)
			return err
		}}
	var progress strings.Builder
	res, err := bench.Graph(ctx, g, opts, &progress)
	require.NoError(t, err, progress.String())
	require.Equal(t, 100, load.Experiences, "the load ran to its end")
	require.Positive(t, load.PerSecond)
	runs := res.Queries["frontier"].Runs
	require.GreaterOrEqual(t, runs, 5)
	require.Zero(t, runs%5, "whole passes of Iterations runs")
	for name, q := range res.Queries {
		require.Equal(t, runs, q.Runs, name)
	}

	opts.Load = func(context.Context) error { return errors.New("the load failed") }
	_, err = bench.Graph(ctx, g, opts, io.Discard)
	require.ErrorContains(t, err, "the load failed")
}

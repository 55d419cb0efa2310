package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
)

// TestIngestBenchmark runs the ingest benchmark small, single and batched,
// and checks its figures are coherent. EVOKG_BENCH_INGEST_N sets N.
func TestIngestBenchmark(t *testing.T) {
	pool := testenv.Postgres(t)
	testenv.Neo4j(t)
	ctx := context.Background()
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(ctx) })
	require.NoError(t, g.ApplySchema(ctx))
	n, _ := strconv.Atoi(testenv.Env("EVOKG_BENCH_INGEST_N", "200"))

	for _, batch := range []int{1, 100} {
		var progress bytes.Buffer
		workers, _ := strconv.Atoi(testenv.Env("EVOKG_BENCH_INGEST_WORKERS", "0"))
		opts := IngestOptions{N: n, Batch: batch, ProjectWorkers: workers}
		if testenv.Env("EVOKG_BENCH_INGEST_DEBUG", "") != "" {
			opts.Logger = testenv.Logger(t)
		}
		res, err := Ingest(ctx, pool, g, opts, &progress)
		require.NoError(t, err, progress.String())
		out, err := json.Marshal(res)
		require.NoError(t, err)
		t.Logf("%s", out)
		require.Equal(t, n, res.Experiences)
		require.Positive(t, res.PerSecond)
		require.LessOrEqual(t, res.PerSecond, res.AcceptPerSecond)
		require.GreaterOrEqual(t, res.ProjectionLagP95, res.ProjectionLagP50)
		var fields map[string]any
		require.NoError(t, json.Unmarshal(out, &fields))
		for _, k := range []string{"experiences", "per_second", "projection_lag_p95_ms"} {
			require.Contains(t, fields, k)
		}
	}
}

package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/vector"
)

// TestIngestBenchmark runs the ingest benchmark small, single and batched,
// and checks its figures are coherent. EVOKG_BENCH_INGEST_N sets N.
func TestIngestBenchmark(t *testing.T) {
	pool, g := ingestStores(t)
	ctx := context.Background()
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
		require.Positive(t, res.RequestP50)
		require.GreaterOrEqual(t, res.RequestP95, res.RequestP50)
		require.GreaterOrEqual(t, res.SendLagP95, res.SendLagP50)
		require.Equal(t, ms(ingest.DefaultMaxLag), res.MaxLagMs, "admission is on in the bench by default")
		var fields map[string]any
		require.NoError(t, json.Unmarshal(out, &fields))
		for _, k := range []string{"experiences", "per_second", "projection_lag_p95_ms", "request_p95_ms", "send_to_graph_p95_ms", "max_lag_ms", "cpu_per_experience"} {
			require.Contains(t, fields, k)
		}
		requireCPUFigures(t, res.CPU, n)
		require.Equal(t, n, res.IndexedRows+res.TailRows)
		if n < 20*vector.DefaultExactScanMax { // EVOKG_BENCH_INGEST_N may be larger
			require.Zero(t, res.IndexedRows, "%d experiences over 20 task types leave every slice below the bound", n)
		}
	}
}

// TestIngestListsGrownSlicesForTheIndex runs the ingest through the
// projection workers into one task type, past the exact-scan bound: the
// workers list the slice for the HNSW index, and the rows it held then stay
// in its tail.
func TestIngestListsGrownSlicesForTheIndex(t *testing.T) {
	pool, g := ingestStores(t)
	ctx := context.Background()
	n := vector.DefaultExactScanMax + 100
	res, err := Ingest(ctx, pool, g, IngestOptions{N: n, Batch: 50, Clients: 2, TaskTypes: 1, Keep: true}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { ingestPurge(pool, g, res.Namespace) })
	require.Equal(t, n, res.IndexedRows+res.TailRows)
	require.GreaterOrEqual(t, res.TailRows, vector.DefaultExactScanMax, "the rows counted at the bound stay in the tail")
	// The workers list after a batch has committed, and stopping them
	// waits for that: once Ingest returned, the slice is listed.
	var listed bool
	require.NoError(t, pool.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM ann_slices WHERE namespace = $1)", res.Namespace).Scan(&listed))
	require.True(t, listed)
	var listing *StageFigure
	for i, s := range res.CPU.Stages {
		if s.Stage == "grown slices' listing" {
			listing = &res.CPU.Stages[i]
		}
	}
	require.NotNil(t, listing, "stages: %+v", res.CPU.Stages)
}

// requireCPUFigures checks the per-stage figures of a run of n: the stack
// loads pg_stat_statements and lets the user read Neo4j's JMX, so every
// source is there, and each experience inserted one embedding.
func requireCPUFigures(t *testing.T, cpu *CPUFigures, n int) {
	t.Helper()
	require.NotNil(t, cpu)
	require.Empty(t, cpu.Unavailable)
	require.Positive(t, cpu.EvoKGMs)
	require.Positive(t, cpu.Neo4jMs)
	require.Positive(t, cpu.PostgresMs)
	sum := 0.0
	var hnsw *StageFigure
	for i, s := range cpu.Stages {
		sum += s.Ms
		if s.Stage == "vector index insert" {
			hnsw = &cpu.Stages[i]
		}
	}
	require.InDelta(t, cpu.PostgresMs, sum, 0.01*float64(len(cpu.Stages)))
	require.NotNil(t, hnsw, "stages: %+v", cpu.Stages)
	// Other tests may insert into the same database meanwhile.
	require.GreaterOrEqual(t, hnsw.Calls, int64(n))
}

// ingestStores returns the test Postgres and a graph on the test Neo4j with
// its schema applied.
func ingestStores(t *testing.T) (*pgxpool.Pool, *graph.Graph) {
	t.Helper()
	pool := testenv.Postgres(t)
	testenv.Neo4j(t)
	ctx := context.Background()
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(ctx) })
	require.NoError(t, g.ApplySchema(ctx))
	return pool, g
}

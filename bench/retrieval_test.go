package bench_test

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/bench"
	"github.com/evokg/evokg/internal/testenv"
)

func TestRetrievalBenchmarkSmall(t *testing.T) {
	t.Parallel()
	pool := testenv.Postgres(t)
	ns := testenv.Namespace(t)
	var progress bytes.Buffer
	res, err := bench.Retrieval(context.Background(), pool, bench.RetrievalOptions{
		Memories: 600, TaskTypes: 6, Queries: 40, Warmup: 10, RecallQueries: 20, Namespace: ns,
	}, &progress)
	require.NoError(t, err)
	t.Log(progress.String())

	var line map[string]any
	require.NoError(t, json.Unmarshal([]byte(res.JSON()), &line))
	for _, key := range []string{"memories", "p50_ms", "p95_ms", "p99_ms", "recall_at_k"} {
		require.Contains(t, line, key)
	}
	require.Equal(t, 600, res.Memories)
	require.Positive(t, res.P50MS)
	require.LessOrEqual(t, res.P50MS, res.P95MS)
	require.LessOrEqual(t, res.P95MS, res.P99MS)
	require.GreaterOrEqual(t, res.RecallAtK, 0.9)
	require.LessOrEqual(t, res.RecallAtK, 1.0)
	require.Contains(t, progress.String(), "purging namespace "+ns)

	var left int
	require.NoError(t, pool.QueryRow(context.Background(),
		"SELECT count(*) FROM experiences WHERE namespace = $1", ns).Scan(&left))
	require.Zero(t, left, "the benchmark purges its namespace")
}

func TestRetrievalBenchmarkRejectsBadOptions(t *testing.T) {
	t.Parallel()
	pool := testenv.Postgres(t)
	_, err := bench.Retrieval(context.Background(), pool, bench.RetrievalOptions{Memories: 10, TaskTypes: 50}, nil)
	require.ErrorContains(t, err, "10 memories for 50 task types")
	_, err = bench.Retrieval(context.Background(), pool, bench.RetrievalOptions{Dim: 384}, nil)
	require.ErrorContains(t, err, "embedding dimension mismatch")
}

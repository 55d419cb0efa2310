package ingest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/vector"
)

// TestProjectionListsGrownSlicesForTheHNSWIndex: the projection worker
// lists each slice that its batches grew to the exact-scan bound, so that
// the slice's later rows enter the HNSW index as they are inserted; the
// rows it held by then stay in its exactly scanned tail.
func TestProjectionListsGrownSlicesForTheHNSWIndex(t *testing.T) {
	t.Parallel()
	b := setupWork(t, workOpts{})
	b.start(t)
	const perSlice = vector.DefaultExactScanMax + 4
	b.ingestN(t, 0, 5*perSlice) // five task types
	b.waitCommitted(t, 5*perSlice, 90*time.Second)
	require.Eventually(t, func() bool {
		var n int
		require.NoError(t, b.pool.QueryRow(b.ctx, "SELECT count(*) FROM ann_slices WHERE namespace = $1 AND channel = 'success'", b.ns).Scan(&n))
		return n == 5
	}, 30*time.Second, 50*time.Millisecond, "every grown slice is listed")
	rows, err := b.pool.Query(b.ctx, `SELECT task_type, count(*) FILTER (WHERE NOT ann) FROM success_index
		WHERE namespace = $1 GROUP BY task_type`, b.ns)
	require.NoError(t, err)
	defer rows.Close()
	for rows.Next() {
		var taskType string
		var tail int
		require.NoError(t, rows.Scan(&taskType, &tail))
		require.GreaterOrEqual(t, tail, vector.DefaultExactScanMax, "%s: the rows counted at the bound stay in the tail", taskType)
	}
	require.NoError(t, rows.Err())

	b.ingestN(t, 5*perSlice, 1)
	b.waitCommitted(t, 5*perSlice+1, 30*time.Second)
	var ann bool
	require.NoError(t, b.pool.QueryRow(b.ctx, `SELECT s.ann FROM success_index s JOIN experiences e USING (id)
		WHERE e.namespace = $1 ORDER BY e.created_at DESC LIMIT 1`, b.ns).Scan(&ann))
	require.True(t, ann, "a row of a listed slice enters the HNSW index as it is inserted")
}

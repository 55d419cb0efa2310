package vector_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/vector"
)

// TestSmallSliceStaysOutOfTheHNSWIndex is the ablation of the admission:
// on a database of its own, the HNSW index of a slice's partition does not
// grow while the slice is below the exact-scan bound, and grows once
// AdmitGrownSlices admits the slice, a chunk at a time; later rows enter the
// index as they are inserted. Searches return the exact top K throughout.
func TestSmallSliceStaysOutOfTheHNSWIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t), EmbeddingDim: dim})
	require.NoError(t, err)
	defer pool.Close()
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	store := vector.NewStore(pool, dim)
	ns, taskType := testenv.Namespace(t), "arithmetic"
	insert := func(i int) *evokg.Experience {
		return memtest.Insert(t, pool, store, memtest.Memory{Namespace: ns, TaskType: taskType,
			Vec: tilt(40, 41+i%50, 0.1+0.8*float64(i%97)/97)})
	}
	hnsw := partitionHNSW(t, pool, ns, taskType)
	empty := relationSize(t, pool, hnsw)

	for i := range vector.DefaultExactScanMax - 1 {
		insert(i)
	}
	moved, err := store.AdmitGrownSlices(ctx, ns, []string{taskType}, 0)
	require.NoError(t, err)
	require.Zero(t, moved, "a slice below the bound stays in its tail")
	require.Equal(t, empty, relationSize(t, pool, hnsw), "no row of the small slice entered the HNSW graph")
	require.Equal(t, [2]int{0, vector.DefaultExactScanMax - 1}, annCounts(t, pool, ns, taskType))
	requireExactTopK(t, store, ns, taskType, unit(40), tilt(40, 45, 0.5), tilt(40, 77, 0.3))

	insert(vector.DefaultExactScanMax)
	moved, err = store.AdmitGrownSlices(ctx, ns, []string{taskType, taskType}, 100)
	require.NoError(t, err)
	require.Equal(t, 100, moved, "a chunk of the grown slice's tail moved into the index")
	require.Greater(t, relationSize(t, pool, hnsw), empty)
	require.Equal(t, [2]int{100, vector.DefaultExactScanMax - 100}, annCounts(t, pool, ns, taskType))
	requireExactTopK(t, store, ns, taskType, unit(40), tilt(40, 45, 0.5), tilt(40, 77, 0.3))
	moved, err = store.AdmitGrownSlices(ctx, ns, []string{taskType}, 0)
	require.NoError(t, err)
	require.Equal(t, vector.DefaultExactScanMax-100, moved, "the listed slice's remaining tail moved")
	require.Equal(t, [2]int{vector.DefaultExactScanMax, 0}, annCounts(t, pool, ns, taskType))

	late := insert(vector.DefaultExactScanMax + 1)
	var ann bool
	require.NoError(t, pool.QueryRow(ctx, "SELECT ann FROM success_index WHERE id = $1", late.ID).Scan(&ann))
	require.True(t, ann, "a row of an admitted slice enters the index as it is inserted")
	moved, err = store.AdmitGrownSlices(ctx, ns, []string{taskType}, 0)
	require.NoError(t, err)
	require.Zero(t, moved)
	requireExactTopK(t, store, ns, taskType, unit(40), tilt(40, 45, 0.5), tilt(40, 77, 0.3))
}

// TestLargeSliceMergesIndexAndTail: a large slice whose nearest rows are
// still in its tail (inserted while its admission committed) returns them,
// in the memory pack and as neighbours, beside the rows the index holds;
// the next admission moves them in.
func TestLargeSliceMergesIndexAndTail(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const taskType = "merged"
	for i := range vector.DefaultExactScanMax + 20 {
		b.Insert(t, expOpts{TaskType: taskType, Vec: tilt(50, 51+i%40, 0.1+0.5*float64(i)/300)})
	}
	moved, err := b.Store.AdmitGrownSlices(ctx, b.NS, []string{taskType}, 0)
	require.NoError(t, err)
	require.Equal(t, vector.DefaultExactScanMax+20, moved)
	// Rows inserted by transactions that read the listing before it committed.
	_, err = b.Pool.Exec(ctx, "DELETE FROM ann_slices WHERE namespace = $1", b.NS)
	require.NoError(t, err)
	var tail []uuid.UUID
	for _, cos := range []float64{0.97, 0.95, 0.93} {
		tail = append(tail, b.Insert(t, expOpts{TaskType: taskType, Vec: tilt(50, 99, cos)}).ID)
	}
	require.Equal(t, [2]int{vector.DefaultExactScanMax + 20, 3}, annCounts(t, b.Pool, b.NS, taskType))

	hits, err := b.Store.Search(ctx, vector.Query{Namespace: b.NS, TaskType: taskType, Embedding: unit(50), K: 5})
	require.NoError(t, err)
	require.Len(t, hits, 5)
	require.Equal(t, tail, ids(hits[:3]), "the tail's nearest lead the pack")
	requireExactTopK(t, b.Store, b.NS, taskType, unit(50), tilt(50, 60, 0.4), tilt(50, 99, 0.5))
	nbs, err := b.Store.Neighbors(ctx, vector.NeighborQuery{Namespace: b.NS, TaskType: taskType, Embedding: unit(50), K: 5})
	require.NoError(t, err)
	for i, n := range nbs[0] {
		require.Equal(t, hits[i].ID, n.ID, "neighbour %d", i)
	}

	moved, err = b.Store.AdmitGrownSlices(ctx, b.NS, []string{taskType}, 0)
	require.NoError(t, err)
	require.Equal(t, 3, moved, "the listed slice's tail moved")
	require.Equal(t, [2]int{vector.DefaultExactScanMax + 23, 0}, annCounts(t, b.Pool, b.NS, taskType))
	requireExactTopK(t, b.Store, b.NS, taskType, unit(50), tilt(50, 60, 0.4), tilt(50, 99, 0.5))
}

// requireExactTopK checks that Search returns what SearchExact does for a
// the query vectors.
func requireExactTopK(t *testing.T, store *vector.Store, ns, taskType string, queries ...[]float32) {
	t.Helper()
	for _, q := range queries {
		query := vector.Query{Namespace: ns, TaskType: taskType, Embedding: q, K: 5}
		got, err := store.Search(context.Background(), query)
		require.NoError(t, err)
		want, err := store.SearchExact(context.Background(), query)
		require.NoError(t, err)
		require.Equal(t, ids(want), ids(got))
	}
}

// partitionHNSW names the HNSW index of the success_index partition that
// (ns, taskType) hashes to.
func partitionHNSW(t *testing.T, pool *pgxpool.Pool, ns, taskType string) string {
	t.Helper()
	ctx := context.Background()
	var part int
	require.NoError(t, pool.QueryRow(ctx, `SELECT r FROM generate_series(0, 15) r
		WHERE satisfies_hash_partition('success_index'::regclass, 16, r, $1::text, $2::text)`, ns, taskType).Scan(&part))
	var name string
	require.NoError(t, pool.QueryRow(ctx, `SELECT i.indexrelid::regclass::text
		  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
		 WHERE i.indrelid = format('success_index_p%s', $1::int)::regclass AND am.amname = 'hnsw'`, part).Scan(&name))
	return name
}

func relationSize(t *testing.T, pool *pgxpool.Pool, rel string) int64 {
	t.Helper()
	var n int64
	require.NoError(t, pool.QueryRow(context.Background(), "SELECT pg_relation_size($1::regclass)", rel).Scan(&n))
	return n
}

// annCounts returns the slice's rows in the index and in its tail.
func annCounts(t *testing.T, pool *pgxpool.Pool, ns, taskType string) [2]int {
	t.Helper()
	var c [2]int
	require.NoError(t, pool.QueryRow(context.Background(), `SELECT count(*) FILTER (WHERE ann), count(*) FILTER (WHERE NOT ann)
		FROM success_index WHERE namespace = $1 AND task_type = $2`, ns, taskType).Scan(&c[0], &c[1]))
	return c
}

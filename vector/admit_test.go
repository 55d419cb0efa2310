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

// TestSmallSliceStaysOutOfTheHNSWIndex is the ablation of the listing: on
// a database of its own, the HNSW index of a slice's partition does not
// grow while the slice is below the exact-scan bound, nor when it is listed
// (its rows stay in its tail); once listed, its new rows enter the index as
// they are inserted. Searches return the exact top K throughout.
func TestSmallSliceStaysOutOfTheHNSWIndex(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, store := isolatedStore(t)
	ns, taskType := testenv.Namespace(t), "arithmetic"
	insert := func(i int) *evokg.Experience {
		return memtest.Insert(t, pool, store, memtest.Memory{Namespace: ns, TaskType: taskType,
			Vec: tilt(40, 41+i%50, 0.1+0.8*float64(i%97)/97)})
	}
	hnsw := partitionHNSW(t, pool, ns, taskType)
	empty := relationSize(t, pool, hnsw)
	queries := [][]float32{unit(40), tilt(40, 45, 0.5), tilt(40, 77, 0.3)}

	for i := range vector.DefaultExactScanMax - 1 {
		insert(i)
	}
	listed, err := store.ListGrownSlices(ctx, ns, []string{taskType})
	require.NoError(t, err)
	require.Zero(t, listed, "a slice below the bound is not listed")
	insert(vector.DefaultExactScanMax)
	listed, err = store.ListGrownSlices(ctx, ns, []string{taskType, taskType})
	require.NoError(t, err)
	require.Equal(t, 1, listed, "the grown slice is listed once")
	require.Equal(t, empty, relationSize(t, pool, hnsw), "no row of the slice entered the HNSW graph")
	require.Equal(t, [2]int{0, vector.DefaultExactScanMax}, annCounts(t, pool, ns, taskType))
	requireExactTopK(t, store, ns, taskType, queries...)

	var later []*evokg.Experience
	for i := range 60 {
		later = append(later, insert(vector.DefaultExactScanMax+1+i))
	}
	require.Greater(t, relationSize(t, pool, hnsw), empty, "the listed slice's new rows entered the graph")
	require.Equal(t, [2]int{len(later), vector.DefaultExactScanMax}, annCounts(t, pool, ns, taskType))
	listed, err = store.ListGrownSlices(ctx, ns, []string{taskType})
	require.NoError(t, err)
	require.Zero(t, listed)
	requireExactTopK(t, store, ns, taskType, queries...)
}

// TestLargeSliceMergesIndexAndTail: a large slice whose nearest rows are in
// its tail and whose others are in the HNSW index returns the exact top K,
// in the memory pack and as neighbours.
func TestLargeSliceMergesIndexAndTail(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const taskType = "merged"
	var tail []uuid.UUID
	for _, cos := range []float64{0.97, 0.95, 0.93} {
		tail = append(tail, b.Insert(t, expOpts{TaskType: taskType, Vec: tilt(50, 99, cos)}).ID)
	}
	for i := range vector.DefaultExactScanMax {
		b.Insert(t, expOpts{TaskType: taskType, Vec: tilt(50, 51+i%40, 0.1+0.5*float64(i)/300)})
	}
	listed, err := b.Store.ListGrownSlices(ctx, b.NS, []string{taskType})
	require.NoError(t, err)
	require.Equal(t, 1, listed)
	for i := range 40 {
		b.Insert(t, expOpts{TaskType: taskType, Vec: tilt(50, 51+i%40, 0.62+0.3*float64(i)/40)})
	}
	require.Equal(t, [2]int{40, vector.DefaultExactScanMax + 3}, annCounts(t, b.Pool, b.NS, taskType))

	hits, err := b.Store.Search(ctx, vector.Query{Namespace: b.NS, TaskType: taskType, Embedding: unit(50), K: 5})
	require.NoError(t, err)
	require.Len(t, hits, 5)
	require.Equal(t, tail, ids(hits[:3]), "the tail's nearest lead the pack")
	requireExactTopK(t, b.Store, b.NS, taskType, unit(50), tilt(50, 60, 0.4), tilt(50, 99, 0.5))
	nbs, err := b.Store.Nearest(ctx, vector.NearestQuery{Namespace: b.NS, TaskType: taskType, Embedding: unit(50), K: 5})
	require.NoError(t, err)
	for i, n := range nbs[0] {
		require.Equal(t, hits[i].ID, n.ID, "neighbour %d", i)
	}
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

// isolatedStore returns a migrated database of the test's own and its store.
func isolatedStore(t *testing.T) (*pgxpool.Pool, *vector.Store) {
	t.Helper()
	ctx := context.Background()
	pool, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t), EmbeddingDim: dim})
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	return pool, vector.NewStore(pool, dim)
}

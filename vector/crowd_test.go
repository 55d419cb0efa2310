package vector_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/vector"
)

// crowdCopies is how many copies of one vector another namespace holds in
// the partition: enough that the partition's HNSW graph leaves copies
// unreachable from its entry point.
const crowdCopies = 2000

// TestSmallSliceFindsItsCopiesBesideACrowd: a namespace whose two memories
// share one vector with thousands of rows of another namespace in the same
// partition finds both, in the memory pack and as SIMILAR_TO neighbours,
// whatever the planner's statistics say. Planned from stale statistics,
// the search went through the partition's HNSW graph, which left one copy
// unreachable (the SIMILAR_TO edge between identical questions went
// missing); small slices are now scanned exactly, chosen by their counted
// size.
func TestSmallSliceFindsItsCopiesBesideACrowd(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	const taskType = "crowded"
	// The planner's statistics still see the namespace's slice as it was
	// (thousands of patterns, since pruned); the crowd came after.
	seedCopies(t, b, b.NS, taskType, evokg.OutcomePattern, unit(7), crowdCopies)
	_, err := b.Pool.Exec(ctx, "ANALYZE success_index")
	require.NoError(t, err)
	_, err = b.Pool.Exec(ctx, "DELETE FROM experiences WHERE namespace = $1 AND outcome = $2", b.NS, evokg.OutcomePattern)
	require.NoError(t, err)
	crowd := namespaceInPartitionOf(t, b, b.NS, taskType)
	seedCopies(t, b, crowd, taskType, evokg.OutcomeSuccess, unit(7), crowdCopies)
	mine := []*evokg.Experience{
		b.Insert(t, expOpts{TaskType: taskType, Vec: unit(7)}),
		b.Insert(t, expOpts{TaskType: taskType, Vec: unit(7)}),
	}

	want := []string{mine[0].ID.String(), mine[1].ID.String()}
	q := vector.Query{Namespace: b.NS, TaskType: taskType, Channel: evokg.ChannelSuccess, Embedding: unit(7), K: 3}
	hits, err := b.Store.Search(ctx, q)
	require.NoError(t, err)
	require.ElementsMatch(t, want, idStrings(ids(hits)), "the memory pack holds both copies")

	nq := vector.NearestQuery{Namespace: b.NS, TaskType: taskType, Embedding: unit(7), K: 11, MinSimilarity: 0.85}
	nbs, err := b.Store.Nearest(ctx, nq)
	require.NoError(t, err)
	var got []string
	for _, n := range nbs[0] {
		got = append(got, n.ID.String())
		require.InDelta(t, 1, n.Cosine, 1e-6)
	}
	require.ElementsMatch(t, want, got, "both copies are SIMILAR_TO candidates")

}

// namespaceInPartitionOf returns a fresh namespace whose slice of taskType
// hashes to the same success_index partition as ns's.
func namespaceInPartitionOf(t *testing.T, b bundle, ns, taskType string) string {
	t.Helper()
	const partitions = 16
	part := func(n string) int {
		var r int
		require.NoError(t, b.Pool.QueryRow(context.Background(), `SELECT r FROM generate_series(0, $1 - 1) r
			WHERE satisfies_hash_partition('success_index'::regclass, $1, r, $2::text, $3::text)`, partitions, n, taskType).Scan(&r))
		return r
	}
	target := part(ns)
	for range 50 * partitions {
		if other := testenv.Namespace(t); part(other) == target {
			return other
		}
	}
	t.Fatal("no namespace found in the partition")
	return ""
}

// seedCopies commits n memories of ns sharing one vector, in the
// partition's HNSW index.
func seedCopies(t *testing.T, b bundle, ns, taskType string, outcome evokg.Outcome, vec []float32, n int) {
	t.Helper()
	ctx := context.Background()
	_, err := b.Pool.Exec(ctx, `WITH e AS (
		INSERT INTO experiences (id, namespace, task_type, outcome, status, record)
		SELECT gen_random_uuid(), $1, $2, $3, 'committed', '{}' FROM generate_series(1, $4)
		RETURNING id, namespace, task_type, outcome)
		INSERT INTO success_index (id, namespace, task_type, outcome, quality, created_at, embedding, ann)
		SELECT id, namespace, task_type, outcome, 1, now(), $5::real[]::vector, true FROM e`, ns, taskType, string(outcome), n, vec)
	require.NoError(t, err)
}

func idStrings[T interface{ String() string }](xs []T) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = x.String()
	}
	return out
}

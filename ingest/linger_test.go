package ingest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/llm/ollamafake"
)

// TestProjectLingerGathersSingleRequestsIntoOneBatch sends ten single
// requests one after another. Each has its own projection job, but with a
// linger every job waits until its experience has been accepted for the
// linger, so the first one's batch takes all ten: one graph batch (one
// projected_at, since a batch marks its experiences in one transaction),
// begun no sooner than the linger after the first acceptance.
func TestProjectLingerGathersSingleRequestsIntoOneBatch(t *testing.T) {
	t.Parallel()
	const linger = 3 * time.Second
	b := setupWork(t, workOpts{linger: linger})
	b.start(t)
	for i := range 10 {
		req := experience(i)
		req.Embedding = ollamafake.Embed(req.Question, dim)
		_, err := b.svc.Ingest(b.ctx, b.ns, req, "")
		require.NoError(t, err)
	}
	b.waitCommitted(t, 10, 30*time.Second)

	var batches int
	var waited float64
	require.NoError(t, b.pool.QueryRow(b.ctx, `SELECT count(DISTINCT projected_at),
		max(extract(epoch FROM projected_at - created_at)) FROM experiences WHERE namespace = $1`, b.ns).Scan(&batches, &waited))
	require.Equal(t, 1, batches)
	require.GreaterOrEqual(t, waited, linger.Seconds())
	requireExactlyOnce(t, b, 10)
}

package ingest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/llm/ollamafake"
)

// Two worker processes on one namespace: their batches claim disjoint
// experiences, jobs whose experience the other process holds wait for it,
// and every experience ends committed exactly once.
func TestTwoWorkerProcessesShareANamespace(t *testing.T) {
	t.Parallel()
	const n = 400
	b := setupWork(t, workOpts{})
	b.ingestN(t, 0, n)
	b.start(t)
	b.start(t)
	b.waitCommitted(t, n, 2*time.Minute)
	requireExactlyOnce(t, b, n)
	require.Equal(t, map[string]int{"completed": n}, carriedStates(t, b))
}

// A job whose experience another process's batch holds (its row locked)
// is snoozed, costing no attempt, and completes once the lock is gone.
func TestJobOfAHeldExperienceIsSnoozedUntilReleased(t *testing.T) {
	t.Parallel()
	b := setupWork(t, workOpts{})
	req := experience(1)
	req.Embedding = ollamafake.Embed(req.Question, dim) // queued for projection at once
	res, err := b.svc.Ingest(b.ctx, b.ns, req, "")
	require.NoError(t, err)

	holder, err := b.pool.Begin(b.ctx)
	require.NoError(t, err)
	defer func() { _ = holder.Rollback(b.ctx) }()
	_, err = holder.Exec(b.ctx, `SELECT 1 FROM experiences WHERE namespace = $1 AND id = $2 FOR UPDATE`, b.ns, res.ID)
	require.NoError(t, err)

	b.start(t)
	require.Eventually(t, func() bool { return projectJobSnoozes(t, b) >= 2 }, time.Minute, 50*time.Millisecond,
		"the job looks again, snoozed each time")
	require.Equal(t, 1, b.countStatus(t, evokg.StatusQueued))
	require.Equal(t, 0, projectJobAttemptsAbove(t, b, 1), "snoozes cost no attempt")

	require.NoError(t, holder.Rollback(b.ctx))
	b.waitCommitted(t, 1, time.Minute)
	requireExactlyOnce(t, b, 1)
}

func projectJobSnoozes(t *testing.T, b *workBundle) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(b.ctx, `SELECT coalesce(max((metadata->>'snoozes')::int), 0) FROM river_job
		WHERE args->>'namespace' = $1 AND kind = $2`, b.ns, ingest.ProjectArgs{}.Kind()).Scan(&n))
	return n
}

func projectJobAttemptsAbove(t *testing.T, b *workBundle, attempts int) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(b.ctx, `SELECT count(*) FROM river_job
		WHERE args->>'namespace' = $1 AND kind = $2 AND attempt > $3`, b.ns, ingest.ProjectArgs{}.Kind(), attempts).Scan(&n))
	return n
}

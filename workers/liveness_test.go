package workers_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/workers"
)

// livenessEnv is a queue no worker works and client ids of its own.
type livenessEnv struct {
	pool  *pgxpool.Pool
	queue string
}

func newLivenessEnv(t *testing.T) *livenessEnv {
	t.Helper()
	e := &livenessEnv{pool: testenv.Postgres(t), queue: "liveness_" + strings.ReplaceAll(evokg.NewID().String(), "-", "")}
	t.Cleanup(func() {
		_, _ = e.pool.Exec(context.Background(), `DELETE FROM river_job WHERE queue = $1`, e.queue)
	})
	return e
}

// client registers a client id whose heartbeat is age old.
func (e *livenessEnv) client(t *testing.T, age time.Duration) string {
	t.Helper()
	id := "test-" + evokg.NewID().String()
	_, err := e.pool.Exec(context.Background(), `INSERT INTO worker_heartbeats (client_id, beat_at) VALUES ($1, now() - make_interval(secs => $2))`,
		id, age.Seconds())
	require.NoError(t, err)
	t.Cleanup(func() {
		_, _ = e.pool.Exec(context.Background(), `DELETE FROM worker_heartbeats WHERE client_id = $1`, id)
	})
	return id
}

// running inserts a job that client is running at attempt of max.
func (e *livenessEnv) running(t *testing.T, client string, attempt, max int) int64 {
	t.Helper()
	var id int64
	require.NoError(t, e.pool.QueryRow(context.Background(), `INSERT INTO river_job (args, kind, queue, state, attempt, max_attempts, attempted_at, attempted_by)
		VALUES ('{}', 'liveness_probe', $1, 'running', $2, $3, now(), ARRAY['someone-before', $4]) RETURNING id`,
		e.queue, attempt, max, client).Scan(&id))
	return id
}

func (e *livenessEnv) job(t *testing.T, id int64) (state string, errs int, rescuedFrom string) {
	t.Helper()
	require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT state::text, coalesce(cardinality(errors), 0),
		coalesce(metadata->>'evokg:rescued_from', '') FROM river_job WHERE id = $1`, id).Scan(&state, &errs, &rescuedFrom))
	return state, errs, rescuedFrom
}

// The running jobs of a client whose heartbeat is older than DeadAfter go
// back to the queue (discarded at their last attempt); those of a live
// client, and of a client that never beat, stay running.
func TestLivenessRescuesTheJobsOfDeadWorkers(t *testing.T) {
	t.Parallel()
	e := newLivenessEnv(t)
	dead, live := e.client(t, time.Minute), e.client(t, 0)
	retried := e.running(t, dead, 1, 3)
	last := e.running(t, dead, 3, 3)
	alive := e.running(t, live, 1, 3)
	unknown := e.running(t, "never-beat-"+evokg.NewID().String(), 1, 3)

	// Any live worker may rescue them, this one or one beside the test.
	l := workers.NewLiveness(e.pool, live, workers.Config{DeadAfter: 10 * time.Second}, testenv.Logger(t))
	rescued, err := l.RescueDead(context.Background())
	require.NoError(t, err)
	for _, r := range rescued {
		if r.ClientID == dead {
			require.Equal(t, map[int64]string{retried: "available", last: "discarded"}[r.JobID], r.State)
		}
	}

	state, errs, from := e.job(t, retried)
	require.Equal(t, "available", state)
	require.Equal(t, 1, errs, "the lost attempt is recorded as an error")
	require.Equal(t, dead, from)
	state, _, _ = e.job(t, last)
	require.Equal(t, "discarded", state)
	for _, id := range []int64{alive, unknown} {
		state, errs, _ = e.job(t, id)
		require.Equal(t, "running", state)
		require.Zero(t, errs)
	}

	_, err = l.RescueDead(context.Background())
	require.NoError(t, err)
	_, errs, _ = e.job(t, retried)
	require.Equal(t, 1, errs, "a job is rescued once")
}

// Run keeps the heartbeat fresh and rescues on its own; Forget removes it.
func TestLivenessRunBeatsAndForgets(t *testing.T) {
	t.Parallel()
	e := newLivenessEnv(t)
	self := "test-" + evokg.NewID().String()
	dead := e.client(t, time.Minute)
	job := e.running(t, dead, 1, 3)
	l := workers.NewLiveness(e.pool, self, workers.Config{DeadAfter: time.Second}, testenv.Logger(t))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); l.Run(ctx) }()

	beat := func() (at time.Time) {
		_ = e.pool.QueryRow(context.Background(), `SELECT beat_at FROM worker_heartbeats WHERE client_id = $1`, self).Scan(&at)
		return at
	}
	require.Eventually(t, func() bool { state, _, _ := e.job(t, job); return state == "available" }, 10*time.Second, 20*time.Millisecond)
	first := beat()
	require.False(t, first.IsZero(), "the heartbeat is written")
	require.Eventually(t, func() bool { return beat().After(first) }, 10*time.Second, 20*time.Millisecond, "and rewritten")
	cancel()
	<-done
	require.NoError(t, l.Forget(context.Background()))
	var n int
	require.NoError(t, e.pool.QueryRow(context.Background(), `SELECT count(*) FROM worker_heartbeats WHERE client_id = $1`, self).Scan(&n))
	require.Zero(t, n)
}

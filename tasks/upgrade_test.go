package tasks

import (
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// previousTaskArgs and previousRunArgs are the task and epoch-run jobs as
// the previous release enqueued them: the same arguments under the old
// kinds, on the old queues.
type (
	previousTaskArgs TaskArgs
	previousRunArgs  RunArgs
)

func (previousTaskArgs) Kind() string { return "prgii_task" }

func (previousTaskArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "prgii", MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

func (previousRunArgs) Kind() string { return "prgii_run" }

func (previousRunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: "prgii_runs", MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// A task and an epoch run that the previous release enqueued, under the old
// kinds on the old queues, are worked to their end by this release's
// workers.
func TestJobsThePreviousReleaseEnqueuedRun(t *testing.T) {
	t.Parallel()
	b := setup(t, isolated(t), generating(func(task, text string) string { return "42" }))
	r, err := b.engine.newTask(b.ns, evokg.TaskRequest{Question: crateQuestion, TaskType: "multiply", Validator: normalized("42")}, false)
	require.NoError(t, err)
	require.NoError(t, b.engine.store.insert(b.ctx, r, nil))
	_, err = b.engine.deps.Jobs.Insert(b.ctx, previousTaskArgs{TaskID: r.ID, Namespace: b.ns}, nil)
	require.NoError(t, err)

	params, err := b.engine.admit(b.ns, runParams(evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits, Size: 3, Seed: 2},
		Epochs: 1, MaxIterations: 1, Test: fraction(0)}))
	require.NoError(t, err)
	run := newRun(b.ns)
	_, err = insertRun(b.ctx, b.pg, run, params, "", uuid.Nil)
	require.NoError(t, err)
	_, err = b.engine.deps.Jobs.Insert(b.ctx, previousRunArgs{RunID: run.ID, Namespace: b.ns}, nil)
	require.NoError(t, err)

	svc := startWorkers(t, b)
	task := waitTask(t, svc, b, r.ID)
	require.Equal(t, evokg.TaskSolved, task.Status, task.Error)
	require.Eventually(t, func() bool {
		got, err := svc.GetEpochRun(b.ctx, b.ns, run.ID)
		require.NoError(t, err)
		run = &got
		return run.Status != evokg.RunQueued && run.Status != evokg.RunRunning
	}, 2*time.Minute, 20*time.Millisecond)
	require.Equal(t, evokg.RunSucceeded, run.Status, run.Error)
	require.Len(t, run.Metrics, 1)

	require.Eventually(t, func() bool {
		var n int
		require.NoError(t, b.pg.QueryRow(b.ctx, `SELECT count(*) FROM river_job
			WHERE (kind, queue) IN (('prgii_task', 'prgii'), ('prgii_run', 'prgii_runs')) AND state = 'completed'`).Scan(&n))
		return n == 2
	}, 30*time.Second, 20*time.Millisecond, "River records job completion asynchronously")
}

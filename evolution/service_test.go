package evolution

import (
	"context"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

func quietLearner() *learnerScript {
	return &learnerScript{perIter: 1 << 30, gold: map[string]questions.Item{}, question: regexp.MustCompile(`(?m)^Question: (.+)\s*$`)}
}

func smallParams() Params {
	return Params{Iterations: 2, Pool: questions.PoolSpec{Name: questions.Arith, Size: 10, Seed: 5}, DisableBandits: true}
}

func TestServiceRunsAsRiverJob(t *testing.T) {
	t.Parallel()
	// Its own schema: the worker below works every queued job it sees.
	e := setupE2EOn(t, quietLearner().reply, isolatedPostgres(t))
	pg := e.engine.deps.Pool
	logger := testenv.Logger(t)
	queue, err := workers.NewInsertClient(pg, workers.Config{}, logger)
	require.NoError(t, err)
	memory := ingest.NewService(ingest.Config{}, pg, queue, nil, vector.NewStore(pg, 768), logger)
	ingestWorkers, err := memory.Workers(ingest.WorkerDeps{Projector: ingest.GraphProjector(e.graph)})
	require.NoError(t, err)
	client, err := workers.NewClient(pg, workers.Config{}, logger, ingestWorkers, e.engine.Workers())
	require.NoError(t, err)
	require.NoError(t, client.Start(e.ctx))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		require.NoError(t, client.Stop(ctx))
	})
	svc := NewService(e.engine, client)

	_, err = svc.Start(e.ctx, e.ns, uuid.Nil, Params{Iterations: -1})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))

	run, err := svc.Start(e.ctx, e.ns, uuid.Nil, smallParams())
	require.NoError(t, err)
	require.Equal(t, evokg.RunQueued, run.Status)
	require.Eventually(t, func() bool {
		got, err := svc.GetRun(e.ctx, e.ns, run.ID)
		require.NoError(t, err)
		require.NotEqual(t, evokg.RunFailed, got.Status, got.Error)
		return got.Status == evokg.RunSucceeded
	}, 2*time.Minute, 50*time.Millisecond)

	got, err := e.engine.Get(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, 2, got.Run.Iteration)
	require.Len(t, got.Metrics, 2)
	// 6 train + 2 validation + 2 test answers + the 4 validation and test
	// answers without memory, then 10 (the baseline is answered once per
	// run): at least one answer call each; repairs of invalid replies and the calls routing arms and
	// signature plans add are counted too, as the recorder counts them.
	require.GreaterOrEqual(t, got.Metrics[0].LearnerCalls, int64(14))
	require.GreaterOrEqual(t, got.Metrics[1].LearnerCalls, int64(10))
	require.EqualValues(t, e.fake.CountModel(llm.DefaultLearnerModel), got.Metrics[0].LearnerCalls+got.Metrics[1].LearnerCalls)
	runs, err := svc.ListRuns(e.ctx, e.ns)
	require.NoError(t, err)
	require.Len(t, runs, 1)

	_, err = svc.CancelRun(e.ctx, e.ns, run.ID)
	require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err), "a finished run cannot be cancelled")
}

// A run its worker's shutdown interrupts stays running and its job fails,
// so River retries it; the retry resumes the run to its end.
func TestInterruptedRunJobIsRetried(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	learner := quietLearner()
	var once sync.Once
	e := setupE2EOn(t, func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task == "answer" {
			once.Do(cancel) // the worker stops while the first question is answered
		}
		return learner.reply(v)
	}, testenv.Postgres(t))
	queue, err := workers.NewInsertClient(e.engine.deps.Pool, workers.Config{}, testenv.Logger(t))
	require.NoError(t, err)
	run, err := NewService(e.engine, queue).Start(e.ctx, e.ns, uuid.Nil, smallParams())
	require.NoError(t, err)

	worker := NewWorker(e.engine)
	job := &river.Job[RunArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5}, Args: RunArgs{Namespace: e.ns, RunID: run.ID}}
	require.ErrorIs(t, worker.Work(ctx, job), context.Canceled, "the job fails, so River retries it")
	got, err := e.engine.Get(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.RunRunning, got.Run.Status)

	job.Attempt++
	require.NoError(t, worker.Work(e.ctx, job))
	got, err = e.engine.Get(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, got.Run.Status)
	require.Len(t, got.Metrics, 2)
}

func TestCancelledRunDoesNoWork(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, quietLearner())
	queue, err := workers.NewInsertClient(e.engine.deps.Pool, workers.Config{}, testenv.Logger(t))
	require.NoError(t, err)
	svc := NewService(e.engine, queue) // enqueues only: nobody works the job
	run, err := svc.Start(e.ctx, e.ns, uuid.Nil, smallParams())
	require.NoError(t, err)
	cancelled, err := svc.CancelRun(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.RunCancelled, cancelled.Status)

	final, err := e.engine.Execute(e.ctx, e.ns, run.ID, nil)
	require.NoError(t, err)
	require.Equal(t, evokg.RunCancelled, final.Run.Status)
	require.Empty(t, final.Metrics)
	require.Zero(t, e.fake.CountTask("answer"), "no learner call for a cancelled run")

	_, err = svc.GetRun(e.ctx, e.ns, evokg.NewID())
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
}

func TestRunLocalReportsProgress(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, quietLearner())
	params := smallParams()
	params.Namespace = e.ns
	var mu sync.Mutex
	var events []Progress
	res, err := RunLocal(e.ctx, e.engine, params, func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		events = append(events, p)
	})
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, res.Run.Status)
	require.Len(t, res.Metrics, 2)

	evaluate := 0
	for _, p := range events {
		if p.Phase == "evaluate" {
			evaluate++
			require.LessOrEqual(t, p.Item, p.Items)
			require.Equal(t, 6, p.Items)
		}
	}
	require.Equal(t, 2*6, evaluate, "one event per answered training item (10 items: 6 train, 2 validation, 2 test)")
	require.Equal(t, "discover", events[0].Phase)
	require.Equal(t, "done", events[len(events)-1].Phase)

	// A run's lock keeps a second executor out while it works.
	unlock, err := e.engine.store.lockRun(e.ctx, res.Run.ID)
	require.NoError(t, err)
	_, err = e.engine.Execute(e.ctx, e.ns, res.Run.ID, nil)
	require.ErrorIs(t, err, ErrRunBusy)
	unlock()
}

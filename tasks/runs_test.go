package tasks

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

func pointers(t *testing.T, err error) []string {
	t.Helper()
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, evokg.EINVALID, de.Code, "%v", err)
	var out []string
	for _, f := range de.Fields {
		out = append(out, f.Pointer)
	}
	return out
}

func fraction(f float64) *float64 { return &f }

// A run is refused field by field; one run per namespace is active; an
// Idempotency-Key replays its run for the same request and conflicts for
// another; a cancelled run frees the namespace, and cancelling it again is
// a conflict. No worker runs here, so the runs stay queued.
func TestEpochRunAdmission(t *testing.T) {
	t.Parallel()
	b := setup(t, isolated(t), generating(func(string, string) string { return "0" }))
	svc := NewService(b.engine)
	digits := evokg.PoolGenerator{Name: questions.Digits, Size: 10, Seed: 3}
	for _, c := range []struct {
		req  evokg.EpochRunRequest
		want []string
	}{
		{evokg.EpochRunRequest{Pool: digits}, []string{"/epochs"}},
		{evokg.EpochRunRequest{Pool: digits, Epochs: MaxEpochs + 1, MaxIterations: 21}, []string{"/epochs", "/max_iterations"}},
		{evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.World}, Epochs: 1}, []string{"/pool/name"}},
		{evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits, Size: MaxPoolSize + 1}, Epochs: 1}, []string{"/pool/size"}},
	} {
		_, err := svc.StartEpochRun(b.ctx, b.ns, uuid.Nil, c.req, "")
		require.Equal(t, c.want, pointers(t, err), "%+v", c.req)
	}

	req := evokg.EpochRunRequest{Pool: digits, Epochs: 2, Frozen: true}
	first, err := svc.StartEpochRun(b.ctx, b.ns, uuid.Nil, req, "k1")
	require.NoError(t, err)
	require.Equal(t, evokg.RunQueued, first.Status)
	require.Equal(t, evokg.PoolGenerator{Name: questions.Digits, Size: 10, Seed: 3}, first.Pool)
	require.InDelta(t, DefaultTest, first.Test, 1e-12, "test absent is the default fraction")
	require.InDelta(t, first.Test, first.HeldOut, 1e-12, "the former name carries the same fraction")

	replay, err := svc.StartEpochRun(b.ctx, b.ns, uuid.Nil, req, "k1")
	require.NoError(t, err)
	require.Equal(t, first.ID, replay.ID, "the same key and request replay the run")
	_, err = svc.StartEpochRun(b.ctx, b.ns, uuid.Nil, evokg.EpochRunRequest{Pool: digits, Epochs: 3}, "k1")
	require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err), "the key was used for another request")

	_, err = svc.StartEpochRun(b.ctx, b.ns, uuid.Nil, req, "")
	require.ErrorIs(t, err, ErrActiveRun)
	require.Contains(t, evokg.ErrorMessage(err), first.ID.String(), "the conflict names the active run")

	cancelled, err := svc.CancelEpochRun(b.ctx, b.ns, first.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.RunCancelled, cancelled.Status)
	_, err = svc.CancelEpochRun(b.ctx, b.ns, first.ID)
	require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err))

	second, err := svc.StartEpochRun(b.ctx, b.ns, uuid.Nil, req, "k2")
	require.NoError(t, err)
	runs, err := svc.ListEpochRuns(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, []string{second.ID.String(), first.ID.String()}, []string{runs[0].ID.String(), runs[1].ID.String()})
	_, err = svc.GetEpochRun(b.ctx, b.ns, evokg.NewID())
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
}

// interrupter cancels the context of the run executing when the learner
// first sees the question of item stopAt; every attempt is right.
type interrupter struct {
	mu     sync.Mutex
	cancel context.CancelFunc
	stopAt string
	seen   map[string]int
}

func (i *interrupter) reply(task, _ string) string {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.seen[task]++
	if task == i.stopAt && i.cancel != nil {
		i.cancel()
		i.cancel = nil
	}
	return "7"
}

// A run whose worker stops in the middle of a task fails its job, and the
// job's retry resumes the run at that task:
// the tasks done before it are not run again, no task is created twice,
// and the figures count every task once.
func TestEpochRunResumesAtTheTaskItReached(t *testing.T) {
	t.Parallel()
	items := []questions.Item{
		{ID: "a", TaskType: "counting", Answer: "7", Question: "The first shelf holds 7 boxes. How many boxes are on it?"},
		{ID: "b", TaskType: "counting", Answer: "7", Question: "The second shelf holds 7 boxes. How many boxes are on it?"},
		{ID: "c", TaskType: "counting", Answer: "7", Question: "The third shelf holds 7 boxes. How many boxes are on it?"},
	}
	learner := &interrupter{stopAt: items[1].Question, seen: map[string]int{}}
	b := setup(t, testenv.Postgres(t), generating(learner.reply))
	params, err := b.engine.admit(b.ns, RunParams{Pool: questions.PoolSpec{Name: "shelves", Items: items}, Epochs: 2})
	require.NoError(t, err)
	run := newRun(b.ns)
	_, err = insertRun(b.ctx, b.pg, run, params, "", uuid.Nil)
	require.NoError(t, err)

	worker := NewRunWorker(b.engine)
	job := &river.Job[RunArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5}, Args: RunArgs{RunID: run.ID, Namespace: b.ns}}
	ctx, cancel := context.WithCancel(b.ctx)
	learner.cancel = cancel
	err = worker.Work(ctx, job)
	require.True(t, errors.Is(err, context.Canceled), "the job fails, so River retries it: %v", err)
	stopped, err := b.engine.GetRun(b.ctx, b.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.RunRunning, stopped.Status, "an interrupted run stays running for its job's retry")

	job.Attempt++
	require.NoError(t, worker.Work(b.ctx, job))
	resumed, err := b.engine.GetRun(b.ctx, b.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, resumed.Status)
	require.Len(t, resumed.Metrics, 2)
	for _, m := range resumed.Metrics {
		require.Equal(t, 3, m.Tasks, "epoch %d", m.Epoch)
		require.Equal(t, 1.0, m.SR)
		require.Equal(t, 1.0, m.MeanIterations)
	}
	var tasks int
	require.NoError(t, b.pg.QueryRow(b.ctx, `SELECT count(*) FROM tasks WHERE namespace = $1 AND batch_id = $2`,
		b.ns, run.ID).Scan(&tasks))
	require.Equal(t, 6, tasks, "one task per epoch and item")
	require.Equal(t, 2, learner.seen[items[0].Question], "item a ran once per epoch, not again on resume")
	require.Equal(t, 3, learner.seen[items[1].Question], "item b's interrupted attempt was made again")
}

// A run started through the service is executed by the worker's job to
// its end; its figures are those of its tasks' stored attempts, and its
// validation split is neither trained on nor tested.
func TestEpochRunJobRunsToItsEnd(t *testing.T) {
	t.Parallel()
	b := setup(t, isolated(t), generating(func(task, text string) string { return "0" }))
	svc := startWorkers(t, b)
	run, err := svc.StartEpochRun(b.ctx, b.ns, uuid.Nil, evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits, Size: 5, Seed: 2},
		Epochs: 2, MaxIterations: 1, Frozen: true, Test: fraction(0.4)}, "")
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		run, err = svc.GetEpochRun(b.ctx, b.ns, run.ID)
		require.NoError(t, err)
		return run.Status != evokg.RunQueued && run.Status != evokg.RunRunning
	}, 2*time.Minute, 20*time.Millisecond)
	require.Equal(t, evokg.RunSucceeded, run.Status, run.Error)
	require.Len(t, run.Metrics, 2)
	require.Equal(t, 2, run.Metrics[0].Tasks, "2 of 5 items train, 1 is the validation split (default 0.2)")
	require.InDelta(t, DefaultValidation, run.Validation, 1e-12)
	require.NotNil(t, run.FrozenResult)
	require.Equal(t, 2, run.FrozenResult.Tasks, "2 of 5 are held out")
	require.Equal(t, 3, run.Epoch, "the frozen split ran as epoch 3")
}

// A task whose worker stops in the middle of it fails its job, and the
// job's retry finishes the task.
func TestInterruptedTaskJobIsRetried(t *testing.T) {
	t.Parallel()
	question := "The fourth shelf holds 7 boxes. How many boxes are on it?"
	learner := &interrupter{stopAt: question, seen: map[string]int{}}
	b := setup(t, testenv.Postgres(t), generating(learner.reply))
	r, err := b.engine.newTask(b.ns, evokg.TaskRequest{Question: question, TaskType: "counting",
		Validator: evokg.ValidatorSpec{Kind: evokg.ValidatorNormalized, Gold: "7"}}, false)
	require.NoError(t, err)
	require.NoError(t, b.engine.store.insert(b.ctx, r, nil))
	worker := NewTaskWorker(b.engine)
	job := &river.Job[TaskArgs]{JobRow: &rivertype.JobRow{Attempt: 1, MaxAttempts: 5}, Args: TaskArgs{TaskID: r.ID, Namespace: b.ns}}
	ctx, cancel := context.WithCancel(b.ctx)
	learner.cancel = cancel
	require.ErrorIs(t, worker.Work(ctx, job), context.Canceled)
	task, err := b.engine.Get(b.ctx, b.ns, r.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.TaskRunning, task.Status)

	job.Attempt++
	require.NoError(t, worker.Work(b.ctx, job))
	task, err = b.engine.Get(b.ctx, b.ns, r.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.TaskSolved, task.Status)
}

// A task whose model reply stays invalid is recorded failed and counted as
// a task not solved; the run goes on to its end.
func TestFailedTaskDoesNotEndTheRun(t *testing.T) {
	t.Parallel()
	items := []questions.Item{
		{ID: "a", TaskType: "counting", Answer: "7", Question: "The fifth shelf holds 7 boxes. How many boxes are on it?"},
		{ID: "broken", TaskType: "counting", Answer: "7", Question: "The broken shelf holds 7 boxes. How many boxes are on it?"},
	}
	b := setup(t, testenv.Postgres(t), func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "generate_attempt" {
			return "", false
		}
		if strings.Contains(v.Text(), "broken shelf") { // the repair requests too
			return "seven, I think", true
		}
		return attemptReply("7"), true
	})
	run, err := b.engine.RunLocal(b.ctx, b.ns, RunParams{Pool: questions.PoolSpec{Name: "shelves", Items: items}, Epochs: 2}, nil)
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, run.Status)
	for _, m := range run.Metrics {
		require.Equal(t, 2, m.Tasks, "epoch %d", m.Epoch)
		require.Equal(t, 1, m.Failed)
		require.Equal(t, 1, m.Solved)
		require.Equal(t, 0.5, m.SR)
	}
	broken, err := b.engine.Get(b.ctx, b.ns, run.Metrics[0].TaskIDs[1])
	require.NoError(t, err)
	require.Equal(t, evokg.TaskFailed, broken.Status, "item ids order the epoch's tasks: a, broken")
	require.Contains(t, broken.Error, "invalid")
}

// A size above what a built-in pool supplies takes the whole pool, and a
// frozen run holds out at least one item, so a schema-valid request is
// never refused for either.
func TestEpochRunTakesWhatThePoolSupplies(t *testing.T) {
	t.Parallel()
	b := setup(t, isolated(t), generating(func(string, string) string { return "0" }))
	run, err := NewService(b.engine).StartEpochRun(b.ctx, b.ns, uuid.Nil,
		evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits, Size: 200, Seed: 3}, Epochs: 1}, "")
	require.NoError(t, err)
	require.Equal(t, questions.Supply(questions.Digits), run.Pool.Size)
	require.Equal(t, 135, run.Pool.Size)
	require.InDelta(t, DefaultValidation, run.Validation, 1e-12, "a validation split by default, as an evolution run's")

	for _, c := range []struct {
		size int
		test float64
	}{{10, 0}, {2, 0.1}, {2, 0.9}} {
		p := RunParams{Pool: questions.PoolSpec{Name: questions.Digits, Size: c.size, Seed: 3, Test: c.test}, Epochs: 1, Frozen: true}.withDefaults()
		pl, err := p.split()
		require.NoError(t, err, "%+v", c)
		require.NotEmpty(t, pl.Test, "%+v", c)
		require.NotEmpty(t, pl.Train, "%+v", c)
		require.Equal(t, c.size, len(pl.Train)+len(pl.Test), "%+v", c)
	}
	p := RunParams{Pool: questions.PoolSpec{Name: questions.Digits, Size: 10, Seed: 3}, Epochs: 1}.withDefaults()
	pl, err := p.split()
	require.NoError(t, err)
	require.Empty(t, pl.Test, "without frozen, test 0 tests nothing")
}

// A run the previous release stored, and a request in its words, name
// the test fraction held_out: both still give the test split.
func TestEpochRunFormerHeldOut(t *testing.T) {
	t.Parallel()
	var p RunParams
	require.NoError(t, json.Unmarshal([]byte(`{"pool":{"name":"env","size":10,"seed":3},"epochs":1,"frozen":true,"held_out":0.4}`), &p))
	p = p.withDefaults()
	require.InDelta(t, 0.4, p.Pool.Test, 1e-12)
	require.Nil(t, p.FormerHeldOut)
	require.Equal(t, questions.World, p.Pool.Name, "the world pool's former name")
	pl, err := RunParams{Pool: questions.PoolSpec{Name: questions.Digits, Size: 10, Seed: 3, Test: 0.4}, Epochs: 1, Frozen: true}.withDefaults().split()
	require.NoError(t, err)
	require.Len(t, pl.Test, 4)

	got := runParams(evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits}, Epochs: 1, HeldOut: fraction(0.3)})
	require.InDelta(t, 0.3, got.Pool.Test, 1e-12)
	got = runParams(evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits}, Epochs: 1, Test: fraction(0.1), HeldOut: fraction(0.3)})
	require.InDelta(t, 0.1, got.Pool.Test, 1e-12, "test wins over its former name")
}

// An epoch run holds out a validation split (default 0.2, as an evolution
// run's) from both the epochs and the frozen test; a run stored without
// one keeps its split, and fractions that leave nothing to train on are
// refused by field.
func TestEpochRunHoldsOutAValidationSplit(t *testing.T) {
	t.Parallel()
	p := runParams(evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits, Size: 20, Seed: 3}, Epochs: 1, Frozen: true})
	require.InDelta(t, DefaultValidation, p.Pool.Validation, 1e-12)
	pl, err := p.withDefaults().split()
	require.NoError(t, err)
	require.Equal(t, questions.Sizes{Train: 12, Validation: 4, Test: 4}, pl.Sizes())
	sizes, err := p.Splits()
	require.NoError(t, err)
	require.Equal(t, pl.Sizes(), sizes)
	for _, it := range pl.Validation {
		require.NotContains(t, slices.Concat(pl.Train, pl.Test), it)
	}
	none := runParams(evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits, Size: 20, Seed: 3}, Epochs: 1, Validation: fraction(0)})
	pl, err = none.withDefaults().split()
	require.NoError(t, err)
	require.Empty(t, pl.Validation)

	var stored RunParams // as a run of the previous release stored it
	require.NoError(t, json.Unmarshal([]byte(`{"pool":{"name":"digits","size":20,"seed":3,"test":0.2},"epochs":1}`), &stored))
	pl, err = stored.withDefaults().split()
	require.NoError(t, err)
	require.Equal(t, questions.Sizes{Train: 16, Test: 4}, pl.Sizes())

	bad := runParams(evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits}, Epochs: 1, Validation: fraction(0.6), Test: fraction(0.4)})
	_, err = bad.withDefaults().split()
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, []evokg.FieldError{{Pointer: "/validation", Detail: "validation + test must leave items to train on (sum below 1)"}}, de.Fields)
}

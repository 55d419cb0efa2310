package tasks

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/runs"
)

// Queue is the River queue of tasks; a worker process's concurrency on it
// bounds the tasks running at once.
const Queue = "tasks"

// The queues the previous release enqueued tasks and epoch runs on. Workers
// work them too, at the same concurrency, so those jobs run. Remove them in
// the next release.
const (
	previousQueue    = "prgii"
	previousRunQueue = "prgii_runs"
)

// TaskArgs is the River job that runs one task.
type TaskArgs struct {
	TaskID    uuid.UUID `json:"task_id"`
	Namespace string    `json:"namespace"`
}

// Kind is the River job kind.
func (TaskArgs) Kind() string { return "task_run" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (TaskArgs) KindAliases() []string { return []string{"prgii_task"} }

// InsertOpts keeps one job per task and retries a crashed task, which
// resumes after its last stored phase.
func (TaskArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// TaskWorker executes TaskArgs jobs.
type TaskWorker struct {
	river.WorkerDefaults[TaskArgs]
	engine *Engine
}

// NewTaskWorker returns the River worker of PRGII tasks.
func NewTaskWorker(engine *Engine) *TaskWorker { return &TaskWorker{engine: engine} }

// Timeout: a task takes as long as its attempts take; the task lock keeps
// a rescued copy from running beside it.
func (w *TaskWorker) Timeout(*river.Job[TaskArgs]) time.Duration { return -1 }

// Work runs (or resumes) the task. A task that failed for good completes
// the job: its outcome is on the task.
func (w *TaskWorker) Work(ctx context.Context, job *river.Job[TaskArgs]) error {
	_, err := w.engine.Execute(ctx, job.Args.Namespace, job.Args.TaskID)
	switch {
	case errors.Is(err, errTaskBusy):
		return river.JobSnooze(runs.BusySnooze)
	case err != nil && ctx.Err() != nil:
		return err // the worker stopped: the job's retry resumes the task
	case err != nil && runs.Retryable(err) && job.Attempt < job.MaxAttempts:
		return err
	case err != nil && runs.Retryable(err):
		return w.engine.giveUp(ctx, job.Args.Namespace, job.Args.TaskID, err)
	}
	return nil
}

// giveUp records a task whose transient failures outlasted its job.
func (e *Engine) giveUp(ctx context.Context, ns string, id uuid.UUID, cause error) error {
	r, err := e.store.get(ctx, ns, id)
	if err != nil {
		return err
	}
	r.Status, r.Error = evokg.TaskFailed, runs.FailureReason(cause)
	return e.commitEnd(ctx, r)
}

// Projector writes a task's trace into the graph (*graph.Graph).
type Projector interface {
	ProjectTask(ctx context.Context, t evokg.Task) error
}

// ProjectArgs is the River job that projects a finished task's trace.
type ProjectArgs struct {
	TaskID    uuid.UUID `json:"task_id"`
	Namespace string    `json:"namespace"`
}

// Kind is the River job kind.
func (ProjectArgs) Kind() string { return "task_project" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (ProjectArgs) KindAliases() []string { return []string{"prgii_project"} }

// InsertOpts retries until the graph is there and the committed
// experiences are projected; a repeated projection changes nothing.
func (ProjectArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{MaxAttempts: 25} }

// ProjectWorker executes ProjectArgs jobs.
type ProjectWorker struct {
	river.WorkerDefaults[ProjectArgs]
	engine    *Engine
	projector Projector
}

// NewProjectWorker returns the River worker of task trace projections.
func NewProjectWorker(engine *Engine, projector Projector) *ProjectWorker {
	return &ProjectWorker{engine: engine, projector: projector}
}

// Work projects the task as stored now.
func (w *ProjectWorker) Work(ctx context.Context, job *river.Job[ProjectArgs]) error {
	t, err := w.engine.Get(ctx, job.Args.Namespace, job.Args.TaskID)
	if err != nil {
		return err
	}
	return w.projector.ProjectTask(ctx, *t)
}

// RunQueue is the River queue of epoch runs; a worker process's
// concurrency on it (Config.RunsPerWorker) bounds the runs executing at once.
const RunQueue = "epoch_runs"

// RunArgs is the River job that executes one epoch run.
type RunArgs struct {
	RunID     uuid.UUID `json:"run_id"`
	Namespace string    `json:"namespace"`
}

// Kind is the River job kind.
func (RunArgs) Kind() string { return "epoch_run" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (RunArgs) KindAliases() []string { return []string{"prgii_run"} }

// InsertOpts keeps one job per run and retries a crashed run, which resumes
// at the task it had reached.
func (RunArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: RunQueue, MaxAttempts: 5, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// RunWorker executes RunArgs jobs.
type RunWorker struct {
	river.WorkerDefaults[RunArgs]
	engine *Engine
}

// NewRunWorker returns the River worker of epoch runs.
func NewRunWorker(engine *Engine) *RunWorker { return &RunWorker{engine: engine} }

// Timeout: a run takes as long as its tasks take.
func (w *RunWorker) Timeout(*river.Job[RunArgs]) time.Duration { return -1 }

// Work runs (or resumes) the run. A cancelled or finished run completes
// the job without work; so does one that failed for good (its outcome is
// on the run). A run the worker's shutdown interrupted is left running and
// the error retries the job, which resumes it.
func (w *RunWorker) Work(ctx context.Context, job *river.Job[RunArgs]) error {
	canRetry := job.Attempt < job.MaxAttempts
	_, err := w.engine.executeRun(ctx, job.Args.Namespace, job.Args.RunID, nil, canRetry)
	return w.engine.life.JobResult(ctx, err, canRetry)
}

// Workers are the workers of the task and epoch-run jobs and the queues
// they run on, as a job client takes them.
type Workers struct {
	engine    *Engine
	projector Projector
}

// Workers returns the workers of the engine's jobs; task traces are
// projected through projector.
func (e *Engine) Workers(projector Projector) *Workers {
	return &Workers{engine: e, projector: projector}
}

// Queues are the task queue (Config.TasksPerWorker) and the epoch-run
// queue (Config.RunsPerWorker), and the previous release's names of both.
// Trace projections run on River's default queue.
func (w *Workers) Queues() map[string]river.QueueConfig {
	tasks := river.QueueConfig{MaxWorkers: w.engine.cfg.TasksPerWorker}
	epochRuns := river.QueueConfig{MaxWorkers: w.engine.cfg.RunsPerWorker}
	return map[string]river.QueueConfig{
		Queue: tasks, previousQueue: tasks,
		RunQueue: epochRuns, previousRunQueue: epochRuns,
	}
}

// AddWorkers registers the task, trace-projection and epoch-run workers on ws.
func (w *Workers) AddWorkers(ws *river.Workers) error {
	return errors.Join(
		river.AddWorkerSafely(ws, NewTaskWorker(w.engine)),
		river.AddWorkerSafely(ws, NewProjectWorker(w.engine, w.projector)),
		river.AddWorkerSafely(ws, NewRunWorker(w.engine)),
	)
}

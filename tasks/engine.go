package tasks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/runs"
	"github.com/evokg/evokg/settings"
	"github.com/evokg/evokg/validate"
)

// Memory commits experiences and reads their records (*ingest.Service).
type Memory interface {
	IngestEmbedded(ctx context.Context, ns string, req evokg.ExperienceInput, idemKey string) (evokg.IngestReceipt, error)
	Get(ctx context.Context, ns string, id uuid.UUID) (*evokg.StoredExperience, error)
}

// Vocabulary lists the graph's operation names (*graph.Graph).
type Vocabulary interface {
	OperationVocabulary(ctx context.Context, ns string, limit int) ([]string, error)
}

// Config tunes PRGII.
type Config struct {
	// Validators configures the validators (webhook allow-list, sandbox).
	Validators validate.Config `embed:""`
	// DivergentTemperature is the learner model's temperature for the
	// attempt after a stuck loop.
	DivergentTemperature float64 `kong:"-" default:"0.7"`
	// VocabularySize bounds the operation names offered to the planner.
	VocabularySize int `kong:"-" default:"50"`
	// TasksPerWorker is how many tasks a worker process runs at once.
	TasksPerWorker int `name:"tasks-per-worker" env:"EVOKG_TASKS_PER_WORKER,EVOKG_PRGII_TASKS_PER_WORKER" default:"2" help:"PRGII tasks one worker process runs at once; the others wait queued."`
	// RunsPerWorker is how many epoch runs a worker process executes at
	// once, each running its tasks one after another.
	RunsPerWorker int `kong:"-" default:"1"`
}

// Defaults of Config, as its tags declare them.
var (
	DefaultDivergentTemperature = settings.Default[float64](Config{}, "DivergentTemperature")
	DefaultVocabularySize       = settings.Default[int](Config{}, "VocabularySize")
	DefaultTasksPerWorker       = settings.Default[int](Config{}, "TasksPerWorker")
	DefaultRunsPerWorker        = settings.Default[int](Config{}, "RunsPerWorker")
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.Validators = c.Validators.WithDefaults()
	settings.Fill(&c)
	return c
}

// Deps are the engine's collaborators. Vocabulary may be nil.
type Deps struct {
	Pool       *pgxpool.Pool
	Learner    evokg.Learner
	Retriever  retrieval.PackRetriever
	Memory     Memory
	Vocabulary Vocabulary
	// Jobs enqueues the graph projection of finished tasks (it need not work them).
	Jobs   *river.Client[pgx.Tx]
	Logger *slog.Logger
}

// Engine runs tasks through PRGII.
type Engine struct {
	cfg   Config
	deps  Deps
	store *store
	log   *slog.Logger
	life  runs.Lifecycle
}

// NewEngine returns an engine.
func NewEngine(cfg Config, deps Deps) (*Engine, error) {
	if deps.Pool == nil || deps.Learner == nil || deps.Retriever == nil || deps.Memory == nil || deps.Jobs == nil {
		return nil, errors.New("tasks: Deps.Pool, Learner, Retriever, Memory and Jobs are required")
	}
	log := deps.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	st := &store{pool: deps.Pool}
	life := runs.Lifecycle{Kind: "epoch run", Log: log, Cancelled: ErrCancelled, Busy: errRunBusy, Finish: st.finishRun}
	return &Engine{cfg: cfg.WithDefaults(), deps: deps, store: st, log: log, life: life}, nil
}

// Execute runs (or resumes) task id to its end and returns it as stored. A
// task that has finished already is returned as it is.
func (e *Engine) Execute(ctx context.Context, ns string, id uuid.UUID) (*evokg.Task, error) {
	unlock, err := e.store.lock(ctx, id)
	if err != nil {
		return nil, err
	}
	defer unlock()
	ok, err := e.store.start(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	r, err := e.store.get(ctx, ns, id)
	if err != nil || !ok {
		return taskOf(r), err
	}
	if runErr := e.run(ctx, r); runErr != nil {
		return nil, e.fail(ctx, r, runErr)
	}
	return e.finish(ctx, r)
}

func taskOf(r *row) *evokg.Task {
	if r == nil {
		return nil
	}
	return &r.Task
}

// run performs the phases not stored yet.
func (e *Engine) run(ctx context.Context, r *row) error {
	v, err := validate.New(e.cfg.Validators, r.Spec)
	if err != nil {
		return err
	}
	if err := e.plan(ctx, r); err != nil {
		return fmt.Errorf("plan: %w", err)
	}
	if err := e.retrieve(ctx, r); err != nil {
		return fmt.Errorf("retrieve: %w", err)
	}
	if err := e.iterate(ctx, r, v); err != nil {
		return fmt.Errorf("iterate: %w", err)
	}
	if err := e.ingest(ctx, r); err != nil {
		return fmt.Errorf("ingest: %w", err)
	}
	return nil
}

// fail records a task that could not run to its end, unless the error is
// transient and the job will run it again.
func (e *Engine) fail(ctx context.Context, r *row, runErr error) error {
	if ctx.Err() != nil || runs.Retryable(runErr) {
		return runErr
	}
	e.log.ErrorContext(ctx, "prgii task failed", "namespace", r.Namespace, "task", r.ID, "error", runErr)
	r.Status, r.Error = evokg.TaskFailed, runs.FailureReason(runErr)
	if err := e.commitEnd(context.WithoutCancel(ctx), r); err != nil {
		return errors.Join(runErr, err)
	}
	return runErr
}

// finish stores the status the attempts decided and enqueues the trace's
// graph projection in the same transaction.
func (e *Engine) finish(ctx context.Context, r *row) (*evokg.Task, error) {
	r.Status = evokg.TaskUnsolved
	if last := lastAttempt(r.Attempts); last != nil && last.Feedback.Passed {
		r.Status, r.Answer = evokg.TaskSolved, last.Answer
	}
	if err := e.commitEnd(ctx, r); err != nil {
		return nil, err
	}
	return e.Get(ctx, r.Namespace, r.ID)
}

func (e *Engine) commitEnd(ctx context.Context, r *row) error {
	err := pgx.BeginFunc(ctx, e.deps.Pool, func(tx pgx.Tx) error {
		if err := e.store.finishTx(ctx, tx, &r.Task); err != nil {
			return err
		}
		_, err := e.deps.Jobs.InsertTx(ctx, tx, ProjectArgs{TaskID: r.ID, Namespace: r.Namespace}, nil)
		return err
	})
	return postgres.Translate(err, "finishing the task")
}

// Get returns a task with its attempts.
func (e *Engine) Get(ctx context.Context, ns string, id uuid.UUID) (*evokg.Task, error) {
	r, err := e.store.get(ctx, ns, id)
	return taskOf(r), err
}

func lastAttempt(as []evokg.TaskAttempt) *evokg.TaskAttempt {
	if len(as) == 0 {
		return nil
	}
	return &as[len(as)-1]
}

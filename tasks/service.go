package tasks

import (
	"cmp"
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/runs"
	"github.com/evokg/evokg/validate"
)

// Request bounds.
const (
	MaxQuestionChars = 8000
	MaxContextChars  = 32000
	MaxTaskTypeChars = 200
	// DefaultListLimit bounds a listing of tasks.
	DefaultListLimit = 50
)

// Service is what the API calls: it creates tasks and enqueues their job in
// one transaction, and reads them.
type Service struct {
	engine *Engine
	bounds runs.Bounds
}

var (
	_ evokg.TaskService     = (*Service)(nil)
	_ evokg.EpochRunService = (*Service)(nil)
)

// NewService returns a Service; the engine's job client enqueues the jobs.
// Its active runs are bounded by the default runs.Bounds until WithBounds.
func NewService(engine *Engine) *Service { return &Service{engine: engine} }

// WithBounds sets the bounds of active runs per API key and per tenant.
func (s *Service) WithBounds(b runs.Bounds) *Service {
	s.bounds = b
	return s
}

// StartTask validates req, stores the task queued, started by key, and
// enqueues its job. A key or tenant at its bound of active background runs
// (tasks count with evolution and epoch runs) is EQUOTA.
func (s *Service) StartTask(ctx context.Context, ns string, key uuid.UUID, req evokg.TaskRequest) (evokg.Task, error) {
	r, err := s.engine.newTask(ns, req, false)
	if err != nil {
		return evokg.Task{}, err
	}
	err = pgx.BeginFunc(ctx, s.engine.deps.Pool, func(tx pgx.Tx) error {
		if err := s.engine.store.insertTx(ctx, tx, r, nil, key); err != nil {
			return err
		}
		if err := runs.Admit(ctx, tx, s.bounds, key, ns); err != nil {
			return err
		}
		_, err := s.engine.deps.Jobs.InsertTx(ctx, tx, TaskArgs{TaskID: r.ID, Namespace: ns}, nil)
		return err
	})
	if err != nil {
		return evokg.Task{}, postgres.Translate(err, "starting the task")
	}
	return r.Task, nil
}

// GetTask returns a task with every phase stored so far.
func (s *Service) GetTask(ctx context.Context, ns string, id uuid.UUID) (evokg.Task, error) {
	t, err := s.engine.Get(ctx, ns, id)
	if err != nil {
		return evokg.Task{}, err
	}
	return *t, nil
}

// ListTasks returns the newest tasks of ns posted through the API.
func (s *Service) ListTasks(ctx context.Context, ns string) ([]evokg.Task, error) {
	rows, err := s.engine.store.list(ctx, ns, DefaultListLimit)
	if err != nil {
		return nil, err
	}
	out := make([]evokg.Task, len(rows))
	for i, r := range rows {
		out[i] = r.Task
	}
	return out, nil
}

// StartEpochRun validates req, stores the run queued, started by key, and
// enqueues its job in one transaction. A namespace with an active run
// already is ECONFLICT (wrapping ErrActiveRun), naming that run; an
// Idempotency-Key used before returns its run when req is the same, and is
// ECONFLICT otherwise; a key or tenant at its bound of active background
// runs is EQUOTA (a replay creates nothing, so it is never refused so).
func (s *Service) StartEpochRun(ctx context.Context, ns string, key uuid.UUID, req evokg.EpochRunRequest, idemKey string) (evokg.EpochRun, error) {
	params, err := s.engine.admit(ns, runParams(req))
	if err != nil {
		return evokg.EpochRun{}, err
	}
	run := newRun(ns)
	var existing uuid.UUID
	err = pgx.BeginFunc(ctx, s.engine.deps.Pool, func(tx pgx.Tx) error {
		if existing, err = insertRun(ctx, tx, run, params, idemKey, key); err != nil || existing != uuid.Nil {
			return err
		}
		if err := runs.Admit(ctx, tx, s.bounds, key, ns); err != nil {
			return err
		}
		_, err := s.engine.deps.Jobs.InsertTx(ctx, tx, RunArgs{RunID: run.ID, Namespace: ns}, nil)
		return err
	})
	if err != nil {
		return evokg.EpochRun{}, postgres.Translate(err, "starting the epoch run")
	}
	if existing != uuid.Nil {
		return s.GetEpochRun(ctx, ns, existing)
	}
	return *run, nil
}

// newRun is a new run of ns, before its params.
func newRun(ns string) *evokg.EpochRun {
	return &evokg.EpochRun{ID: evokg.NewID(), Namespace: ns, Metrics: []evokg.EpochMetrics{}}
}

// GetEpochRun returns a run with its figures so far.
func (s *Service) GetEpochRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EpochRun, error) {
	run, err := s.engine.GetRun(ctx, ns, id)
	if err != nil {
		return evokg.EpochRun{}, err
	}
	return *run, nil
}

// ListEpochRuns returns the newest runs of ns, without their figures.
func (s *Service) ListEpochRuns(ctx context.Context, ns string) ([]evokg.EpochRun, error) {
	runs, err := s.engine.store.listRuns(ctx, ns, DefaultListLimit)
	if err != nil {
		return nil, err
	}
	out := make([]evokg.EpochRun, len(runs))
	for i, r := range runs {
		out[i] = *r
	}
	return out, nil
}

// CancelEpochRun stops a queued or running run; its worker stops before
// the next task. Cancelling a run that ended is ECONFLICT.
func (s *Service) CancelEpochRun(ctx context.Context, ns string, id uuid.UUID) (evokg.EpochRun, error) {
	ok, err := s.engine.store.rowChanged(ctx, "cancel_run", ns, id)
	if err != nil {
		return evokg.EpochRun{}, err
	}
	run, err := s.engine.GetRun(ctx, ns, id)
	if err != nil {
		return evokg.EpochRun{}, err
	}
	if !ok {
		return *run, evokg.Errorf(evokg.ECONFLICT, "epoch run %s is already %s", id, run.Status)
	}
	return *run, nil
}

// runParams reads an API request; test absent (under either name) and
// validation absent are the default fractions.
func runParams(req evokg.EpochRunRequest) RunParams {
	test, validation := DefaultTest, DefaultValidation
	if t := cmp.Or(req.Test, req.HeldOut); t != nil {
		test = *t
	}
	if req.Validation != nil {
		validation = *req.Validation
	}
	return RunParams{Pool: questions.PoolSpec{Name: req.Pool.Name, Size: req.Pool.Size, Seed: req.Pool.Seed, Validation: validation, Test: test},
		Epochs: req.Epochs, MaxIterations: req.MaxIterations, Frozen: req.Frozen}
}

// newTask checks req and returns the queued task it asks for, J defaulted
// from its validator.
func (e *Engine) newTask(ns string, req evokg.TaskRequest, frozen bool) (*row, error) {
	if err := checkRequest(ns, req); err != nil {
		return nil, err
	}
	if _, err := validate.New(e.cfg.Validators, req.Validator); err != nil {
		return nil, err
	}
	now := evokg.Now()
	return &row{Spec: req.Validator, Task: evokg.Task{
		ID: evokg.NewID(), Namespace: ns, Status: evokg.TaskQueued, Question: req.Question, TaskType: req.TaskType,
		Context: req.Context, ValidatorKind: req.Validator.Kind, Frozen: frozen,
		MaxIterations: cmp.Or(req.MaxIterations, validate.Iterations(req.Validator.Kind)),
		Attempts:      []evokg.TaskAttempt{}, Committed: []evokg.TaskCommit{}, CreatedAt: now, UpdatedAt: now,
	}}, nil
}

func checkRequest(ns string, req evokg.TaskRequest) error {
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(ns), "/namespace", "must be 1-63 lower-case letters, digits, '-' or '_'")
	v.Check(req.Question != "", "/question", "is required")
	v.Check(utf8.RuneCountInString(req.Question) <= MaxQuestionChars, "/question", fmt.Sprintf("must be at most %d characters", MaxQuestionChars))
	v.Check(req.TaskType != "", "/task_type", "is required")
	v.Check(utf8.RuneCountInString(req.TaskType) <= MaxTaskTypeChars, "/task_type", fmt.Sprintf("must be at most %d characters", MaxTaskTypeChars))
	v.Check(utf8.RuneCountInString(req.Context) <= MaxContextChars, "/context", fmt.Sprintf("must be at most %d characters", MaxContextChars))
	v.Check(req.MaxIterations >= 0 && req.MaxIterations <= validate.MaxIterations, "/max_iterations",
		fmt.Sprintf("must be within 1..%d", validate.MaxIterations))
	return v.Err()
}

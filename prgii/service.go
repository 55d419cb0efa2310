package prgii

import (
	"cmp"
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
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
type Service struct{ engine *Engine }

var _ evokg.TaskService = (*Service)(nil)

// NewService returns a Service; the engine's job client enqueues the jobs.
func NewService(engine *Engine) *Service { return &Service{engine: engine} }

// StartTask validates req, stores the task queued and enqueues its job.
func (s *Service) StartTask(ctx context.Context, ns string, req evokg.TaskRequest) (evokg.Task, error) {
	r, err := s.engine.newTask(ns, req, false)
	if err != nil {
		return evokg.Task{}, err
	}
	err = pgx.BeginFunc(ctx, s.engine.deps.Pool, func(tx pgx.Tx) error {
		if err := s.engine.store.insertTx(ctx, tx, r, nil); err != nil {
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
	var v evokg.Validator
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

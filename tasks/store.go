package tasks

import (
	"context"
	"embed"
	"encoding/json"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/runs"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// store owns the tasks and task_attempts tables.
type store struct{ pool *pgxpool.Pool }

// batchKey places a task in an epoch run: its batch, epoch and pool item.
type batchKey struct {
	ID    uuid.UUID
	Epoch int
	Item  string
}

// row is a stored task with its validator spec, which the API never shows
// whole (it holds the gold answer).
type row struct {
	evokg.Task
	Spec evokg.ValidatorSpec
}

func (s *store) insertTx(ctx context.Context, tx pgx.Tx, r *row, batch *batchKey, key uuid.UUID) error {
	spec, err := json.Marshal(r.Spec)
	if err != nil {
		return err
	}
	var batchID *uuid.UUID
	var epoch *int
	var item *string
	if batch != nil {
		batchID, epoch, item = &batch.ID, &batch.Epoch, &batch.Item
	}
	_, err = tx.Exec(ctx, queries.Get("insert_task"), r.ID, r.Namespace, r.Question, r.TaskType, r.Context, spec,
		r.MaxIterations, r.Frozen, batchID, epoch, item, r.CreatedAt, runs.KeyParam(key))
	return postgres.Translate(err, "storing the task")
}

func (s *store) insert(ctx context.Context, r *row, batch *batchKey) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return s.insertTx(ctx, tx, r, batch, uuid.Nil) })
}

func (s *store) get(ctx context.Context, ns string, id uuid.UUID) (*row, error) {
	r, err := scanTask(s.pool.QueryRow(ctx, queries.Get("get_task"), ns, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, evokg.Errorf(evokg.ENOTFOUND, "task %s not found", id)
	}
	if err != nil {
		return nil, postgres.Translate(err, "reading the task")
	}
	return r, s.withAttempts(ctx, ns, []*row{r})
}

func (s *store) list(ctx context.Context, ns string, limit int) ([]*row, error) {
	rows, err := s.pool.Query(ctx, queries.Get("list_tasks"), ns, limit)
	if err != nil {
		return nil, postgres.Translate(err, "listing tasks")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*row, error) { return scanTask(r) })
	if err != nil {
		return nil, postgres.Translate(err, "listing tasks")
	}
	return out, s.withAttempts(ctx, ns, out)
}

func scanTask(r pgx.Row) (*row, error) {
	var t row
	var spec, plan, retrieval, committed []byte
	err := r.Scan(&t.ID, &t.Namespace, &t.Status, &t.Question, &t.TaskType, &t.Context, &spec, &t.MaxIterations, &t.Frozen,
		&plan, &retrieval, &committed, &t.Answer, &t.Error, &t.CreatedAt, &t.UpdatedAt)
	if err != nil {
		return nil, err
	}
	err = errors.Join(json.Unmarshal(spec, &t.Spec), unmarshalOptional(plan, &t.Plan),
		unmarshalOptional(retrieval, &t.Retrieval), json.Unmarshal(committed, &t.Committed))
	t.ValidatorKind = t.Spec.Kind
	t.Attempts = []evokg.TaskAttempt{}
	return &t, err
}

func unmarshalOptional[T any](b []byte, dst **T) error {
	if b == nil {
		return nil
	}
	*dst = new(T)
	return json.Unmarshal(b, *dst)
}

// withAttempts reads the attempts of tasks in one query.
func (s *store) withAttempts(ctx context.Context, ns string, tasks []*row) error {
	if len(tasks) == 0 {
		return nil
	}
	byID := make(map[uuid.UUID]*row, len(tasks))
	ids := make([]uuid.UUID, len(tasks))
	for i, t := range tasks {
		byID[t.ID], ids[i] = t, t.ID
	}
	rows, err := s.pool.Query(ctx, queries.Get("list_attempts"), ns, ids)
	if err != nil {
		return postgres.Translate(err, "reading attempts")
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var a evokg.TaskAttempt
		var feedback, stuck []byte
		if err := rows.Scan(&id, &a.N, &a.Answer, &a.Reasoning, &feedback, &a.Guidance, &stuck, &a.CreatedAt); err != nil {
			return postgres.Translate(err, "reading attempts")
		}
		if err := errors.Join(json.Unmarshal(feedback, &a.Feedback), unmarshalOptional(stuck, &a.Stuck)); err != nil {
			return err
		}
		byID[id].Attempts = append(byID[id].Attempts, a)
	}
	return postgres.Translate(rows.Err(), "reading attempts")
}

// start marks a queued (or interrupted running) task running; false when
// it has finished already.
func (s *store) start(ctx context.Context, ns string, id uuid.UUID) (bool, error) {
	tag, err := s.pool.Exec(ctx, queries.Get("start_task"), ns, id)
	return tag.RowsAffected() == 1, postgres.Translate(err, "starting the task")
}

func (s *store) savePhase(ctx context.Context, query, ns string, id uuid.UUID, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, queries.Get(query), ns, id, b)
	return postgres.Translate(err, "storing the task's "+query)
}

func (s *store) insertAttempt(ctx context.Context, ns string, id uuid.UUID, a evokg.TaskAttempt) error {
	feedback, err := json.Marshal(a.Feedback)
	if err != nil {
		return err
	}
	var stuck []byte
	if a.Stuck != nil {
		if stuck, err = json.Marshal(a.Stuck); err != nil {
			return err
		}
	}
	_, err = s.pool.Exec(ctx, queries.Get("insert_attempt"), id, ns, a.N, a.Answer, a.Reasoning, a.Feedback.Passed,
		feedback, a.Guidance, stuck, a.CreatedAt)
	return postgres.Translate(err, "storing the attempt")
}

// finishTx records a task's end: its status, answer, commits and error.
func (s *store) finishTx(ctx context.Context, tx pgx.Tx, t *evokg.Task) error {
	committed, err := json.Marshal(t.Committed)
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, queries.Get("finish_task"), t.Namespace, t.ID, t.Status, t.Answer, committed, t.Error)
	return postgres.Translate(err, "finishing the task")
}

// lock holds a session advisory lock on task id while it runs, so a
// rescued copy of its job never runs beside it.
func (s *store) lock(ctx context.Context, id uuid.UUID) (unlock func(), err error) {
	return runs.Lock(ctx, s.pool, "evokg.prgii_task", id, errTaskBusy)
}

var errTaskBusy = errors.New("tasks: the task is running elsewhere")

// epochMetrics computes a batch's per-epoch figures from its attempts.
func (s *store) epochMetrics(ctx context.Context, ns string, batch uuid.UUID) ([]evokg.EpochMetrics, error) {
	rows, err := s.pool.Query(ctx, queries.Get("epoch_metrics"), ns, batch)
	if err != nil {
		return nil, postgres.Translate(err, "computing epoch metrics")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (evokg.EpochMetrics, error) {
		var m evokg.EpochMetrics
		var firsts, soFar int
		err := r.Scan(&m.Epoch, &m.Frozen, &m.Tasks, &m.Solved, &m.MeanIterations, &firsts, &soFar, &m.Failed, &m.TaskIDs)
		m.SR, m.CSR, m.FirstAttemptShare = ratio(m.Solved, m.Tasks), ratio(soFar, m.Tasks), ratio(firsts, m.Tasks)
		return m, err
	})
	return out, postgres.Translate(err, "computing epoch metrics")
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

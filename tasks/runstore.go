package tasks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/runs"
)

// ErrActiveRun is wrapped by the ECONFLICT error of a start refused because
// the namespace already has an active epoch run.
var ErrActiveRun = errors.New("tasks: the namespace has an active epoch run")

// ErrCancelled ends a run that was cancelled while it ran.
var ErrCancelled = errors.New("tasks: the epoch run was cancelled")

// errRunBusy: the run executes elsewhere (a rescued copy of its job).
var errRunBusy = errors.New("tasks: the epoch run is running elsewhere")

// insertRun creates r, queued with params p (its settings, which it
// takes) and started by key (uuid.Nil: the CLI), or returns the run its Idempotency-Key named first
// (existing true) when that run was asked with the same params; the
// database decides which of two racing callers creates it.
func insertRun(ctx context.Context, q runs.Querier, r *evokg.EpochRun, p RunParams, idemKey string, key uuid.UUID) (existing uuid.UUID, err error) {
	params, err := json.Marshal(p)
	if err != nil {
		return uuid.Nil, err
	}
	p.settings(r)
	r.Status = evokg.RunQueued
	var idem *string
	if idemKey != "" {
		idem = &idemKey
	}
	for range runs.InsertAttempts {
		err = q.QueryRow(ctx, queries.Get("insert_run"), r.ID, r.Namespace, params, idem, runs.KeyParam(key)).Scan(&r.CreatedAt, &r.UpdatedAt)
		if !errors.Is(err, pgx.ErrNoRows) {
			return uuid.Nil, postgres.Translate(err, "creating the epoch run")
		}
		if id, err := runByKey(ctx, q, r.Namespace, idemKey, params); id != uuid.Nil || err != nil {
			return id, err
		}
		if err := runs.ActiveConflict(ctx, q, queries.Get("active_run"), "epoch run", r.Namespace, ErrActiveRun); err != nil {
			return uuid.Nil, err
		}
	}
	return uuid.Nil, runs.Raced("epoch run", r.Namespace)
}

// runByKey returns the run idemKey names, a conflict when it was asked
// with other params, and uuid.Nil without one.
func runByKey(ctx context.Context, q runs.Querier, ns, idemKey string, params []byte) (uuid.UUID, error) {
	if idemKey == "" {
		return uuid.Nil, nil
	}
	var id uuid.UUID
	var stored []byte
	err := q.QueryRow(ctx, queries.Get("run_by_key"), ns, idemKey).Scan(&id, &stored)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, nil
	}
	if err != nil {
		return uuid.Nil, postgres.Translate(err, "reading the epoch run of the Idempotency-Key")
	}
	if !sameJSON(stored, params) {
		return uuid.Nil, evokg.Errorf(evokg.ECONFLICT, "the Idempotency-Key was used for epoch run %s with another request", id)
	}
	return id, nil
}

// sameJSON compares two JSON documents by value (jsonb reorders members).
func sameJSON(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	ja, _ := json.Marshal(x)
	jb, _ := json.Marshal(y)
	return bytes.Equal(ja, jb)
}

// scanRun reads a run without its figures; its stored params are its
// settings (pool, epochs, max_iterations, frozen, the validation and
// test fractions).
func scanRun(row pgx.Row) (*evokg.EpochRun, error) {
	r := evokg.EpochRun{Metrics: []evokg.EpochMetrics{}}
	var raw []byte
	if err := row.Scan(&r.ID, &r.Namespace, &r.Status, &raw, &r.Epoch, &r.Error, &r.CreatedAt, &r.UpdatedAt); err != nil {
		return nil, err
	}
	var p RunParams
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, fmt.Errorf("decoding epoch run params: %w", err)
	}
	p.withDefaults().settings(&r)
	return &r, nil
}

// settings copies p's settings into r as the API shows them.
func (p RunParams) settings(r *evokg.EpochRun) {
	r.Pool = evokg.PoolGenerator{Name: p.Pool.Name, Size: p.Pool.Size, Seed: p.Pool.Seed}
	r.Epochs, r.MaxIterations, r.Frozen = p.Epochs, p.MaxIterations, p.Frozen
	r.Validation, r.Test, r.HeldOut = p.Pool.Validation, p.Pool.Test, p.Pool.Test
}

// runParams returns the params run id was started with.
func (s *store) runParams(ctx context.Context, ns string, id uuid.UUID) (RunParams, error) {
	var p RunParams
	var raw []byte
	if err := s.pool.QueryRow(ctx, queries.Get("run_params"), ns, id).Scan(&raw); err != nil {
		return p, postgres.Translate(err, "reading the epoch run params")
	}
	err := json.Unmarshal(raw, &p)
	return p.withDefaults(), err
}

func (s *store) getRun(ctx context.Context, ns string, id uuid.UUID) (*evokg.EpochRun, error) {
	r, err := scanRun(s.pool.QueryRow(ctx, queries.Get("get_run"), ns, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, evokg.Errorf(evokg.ENOTFOUND, "epoch run %s not found", id)
	}
	return r, postgres.Translate(err, "reading the epoch run")
}

func (s *store) listRuns(ctx context.Context, ns string, limit int) ([]*evokg.EpochRun, error) {
	rows, err := s.pool.Query(ctx, queries.Get("list_runs"), ns, limit)
	if err != nil {
		return nil, postgres.Translate(err, "listing epoch runs")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*evokg.EpochRun, error) { return scanRun(r) })
	return out, postgres.Translate(err, "listing epoch runs")
}

// rowChanged runs a statement returning a row when it changed one.
func (s *store) rowChanged(ctx context.Context, query, ns string, id uuid.UUID) (bool, error) {
	var got uuid.UUID
	err := s.pool.QueryRow(ctx, queries.Get(query), ns, id).Scan(&got)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, postgres.Translate(err, "updating the epoch run")
}

func (s *store) finishRun(ctx context.Context, ns string, id uuid.UUID, status evokg.RunStatus, msg string) error {
	_, err := s.pool.Exec(ctx, queries.Get("finish_run"), ns, id, status, msg)
	return postgres.Translate(err, "finishing the epoch run")
}

// enterEpoch records the run's epoch and returns its status.
func (s *store) enterEpoch(ctx context.Context, ns string, id uuid.UUID, epoch int) (evokg.RunStatus, error) {
	var status evokg.RunStatus
	err := s.pool.QueryRow(ctx, queries.Get("run_epoch"), ns, id, epoch).Scan(&status)
	return status, postgres.Translate(err, "recording the run's epoch")
}

// batchTask returns the task a run started for an epoch and item, or uuid.Nil.
func (s *store) batchTask(ctx context.Context, ns string, key batchKey) (uuid.UUID, error) {
	var id uuid.UUID
	err := s.pool.QueryRow(ctx, queries.Get("batch_task"), ns, key.ID, key.Epoch, key.Item).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return uuid.Nil, nil
	}
	return id, postgres.Translate(err, "reading the run's task")
}

// lockRun holds a session advisory lock on run id while it executes.
func (s *store) lockRun(ctx context.Context, id uuid.UUID) (unlock func(), err error) {
	return runs.Lock(ctx, s.pool, "evokg.prgii_run", id, errRunBusy)
}

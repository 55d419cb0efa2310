package tasks

import (
	"cmp"
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// ProgressFunc gets each epoch's metrics as the epoch ends.
type ProgressFunc func(evokg.EpochMetrics)

// RunLocal creates an epoch run of namespace ns and executes it in this
// process (evokg epochs), under the same rules as Service.StartEpochRun:
// the same validation and one active run per namespace. Nothing resumes a
// local run, so one that ctx interrupts is recorded as cancelled.
func (e *Engine) RunLocal(ctx context.Context, ns string, params RunParams, progress ProgressFunc) (*evokg.EpochRun, error) {
	params, err := e.admit(ns, params)
	if err != nil {
		return nil, err
	}
	run := newRun(ns)
	if _, err := insertRun(ctx, e.deps.Pool, run, params, "", uuid.Nil); err != nil {
		return nil, err
	}
	final, err := e.executeRun(ctx, ns, run.ID, progress, false)
	if ctx.Err() != nil && (final == nil || !final.Status.Terminal()) {
		return nil, e.life.Interrupted(ctx, ns, run.ID, "the epochs command was interrupted", cmp.Or(err, ctx.Err()))
	}
	return final, err
}

// admit applies the defaults to params and checks them.
func (e *Engine) admit(ns string, params RunParams) (RunParams, error) {
	params = params.withDefaults()
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(ns), "/namespace", "must be 1-63 lower-case letters, digits, '-' or '_'")
	if err := v.Err(); err != nil {
		return params, err
	}
	_, err := params.split()
	return params, err
}

// executeRun runs (or resumes) run id to its end, records the outcome and
// returns the run as it ended.
func (e *Engine) executeRun(ctx context.Context, ns string, id uuid.UUID, progress ProgressFunc, canRetry bool) (*evokg.EpochRun, error) {
	unlock, err := e.store.lockRun(ctx, id)
	if err != nil {
		return nil, err
	}
	defer unlock()
	ok, err := e.store.rowChanged(ctx, "start_run", ns, id)
	if err != nil {
		return nil, err
	}
	run, err := e.GetRun(ctx, ns, id)
	if err != nil || !ok {
		return run, err
	}
	params, err := e.store.runParams(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	runErr := e.runEpochs(ctx, run, params, progress)
	if err := e.life.Record(ctx, run.Namespace, run.ID, runErr, canRetry); err != nil {
		return nil, errors.Join(runErr, err)
	}
	final, err := e.GetRun(ctx, ns, id)
	if err != nil {
		return nil, errors.Join(runErr, err)
	}
	return final, runErr
}

// runEpochs sends the training split through PRGII once per epoch, each
// item a task graded by normalized match against its gold answer, then
// (frozen) the test split once with memory frozen, as epoch Epochs+1. The
// validation split is not run.
func (e *Engine) runEpochs(ctx context.Context, run *evokg.EpochRun, params RunParams, progress ProgressFunc) error {
	pl, err := params.split()
	if err != nil {
		return err
	}
	for epoch := 1; epoch <= run.Epochs; epoch++ {
		if err := e.runEpoch(ctx, run, epoch, pl.Train, progress); err != nil {
			return fmt.Errorf("epoch %d: %w", epoch, err)
		}
	}
	if !run.Frozen {
		return nil
	}
	if err := e.runEpoch(ctx, run, run.Epochs+1, pl.Test, progress); err != nil {
		return fmt.Errorf("test: %w", err)
	}
	return nil
}

// runEpoch runs items once as the run's epoch; before each task it records
// the epoch and stops if the run was cancelled.
func (e *Engine) runEpoch(ctx context.Context, run *evokg.EpochRun, epoch int, items []questions.Item, progress ProgressFunc) error {
	for _, it := range items {
		status, err := e.store.enterEpoch(ctx, run.Namespace, run.ID, epoch)
		if err != nil {
			return err
		}
		if status == evokg.RunCancelled {
			return ErrCancelled
		}
		if err := e.runItem(ctx, run, batchKey{ID: run.ID, Epoch: epoch, Item: it.ID}, it); err != nil {
			return fmt.Errorf("item %s: %w", it.ID, err)
		}
	}
	if progress == nil {
		return nil
	}
	all, err := e.store.epochMetrics(ctx, run.Namespace, run.ID)
	if err != nil {
		return err
	}
	for _, m := range all {
		if m.Epoch == epoch {
			progress(m)
		}
	}
	return nil
}

// runItem runs the item's task of key, creating it unless a resumed run
// had started it already.
func (e *Engine) runItem(ctx context.Context, run *evokg.EpochRun, key batchKey, it questions.Item) error {
	id, err := e.store.batchTask(ctx, run.Namespace, key)
	if err != nil || id != uuid.Nil {
		if err == nil {
			err = e.runTask(ctx, run.Namespace, id)
		}
		return err
	}
	frozen := key.Epoch > run.Epochs
	r, err := e.newTask(run.Namespace, evokg.TaskRequest{Question: it.Question, TaskType: it.TaskType, Context: it.Context,
		MaxIterations: run.MaxIterations, Validator: evokg.ValidatorSpec{Kind: evokg.ValidatorNormalized, Gold: it.Answer}}, frozen)
	if err != nil {
		return err
	}
	if err := e.store.insert(ctx, r, &key); err != nil {
		return err
	}
	return e.runTask(ctx, run.Namespace, r.ID)
}

// runTask executes a run's task. A task recorded as failed (its error is on
// it) is counted as such and the run goes on; any other error ends it.
func (e *Engine) runTask(ctx context.Context, ns string, id uuid.UUID) error {
	_, err := e.Execute(ctx, ns, id)
	if err == nil || ctx.Err() != nil {
		return err
	}
	if t, getErr := e.Get(ctx, ns, id); getErr == nil && t.Status == evokg.TaskFailed {
		return nil
	}
	return err
}

// GetRun returns run id with its figures, computed from the stored
// attempts of its tasks.
func (e *Engine) GetRun(ctx context.Context, ns string, id uuid.UUID) (*evokg.EpochRun, error) {
	run, err := e.store.getRun(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	all, err := e.store.epochMetrics(ctx, ns, id)
	if err != nil {
		return nil, err
	}
	run.Metrics = []evokg.EpochMetrics{}
	for _, m := range all {
		if m.Epoch > run.Epochs {
			run.FrozenResult = &m
			continue
		}
		run.Metrics = append(run.Metrics, m)
	}
	return run, nil
}

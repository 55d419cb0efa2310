package prgii

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/pool"
)

// EpochParams runs a pool through PRGII for several epochs.
type EpochParams struct {
	Namespace string
	// Items are sent through PRGII once per epoch, memory growing.
	Items  []pool.Item
	Epochs int
	// HeldOut, when set, is evaluated once after the epochs with memory
	// frozen (no ingest): APEX-EM's transfer setting.
	HeldOut []pool.Item
	// MaxIterations is J; 0 takes the validator's default.
	MaxIterations int
	// Progress, when set, gets each epoch's metrics as it ends.
	Progress func(evokg.EpochMetrics)
}

// MaxEpochs bounds an epoch run.
const MaxEpochs = 50

// EpochReport holds an epoch run's figures, all computed from the stored
// attempts of its batches.
type EpochReport struct {
	Namespace string               `json:"namespace"`
	BatchID   uuid.UUID            `json:"batch_id"`
	Epochs    []evokg.EpochMetrics `json:"epochs"`
	HeldOut   *evokg.EpochMetrics  `json:"held_out,omitempty"`
}

// RunEpochs runs p's items for p.Epochs epochs in this process, each item a
// task graded by normalized match against its gold answer, then the
// held-out items once with memory frozen.
func (e *Engine) RunEpochs(ctx context.Context, p EpochParams) (*EpochReport, error) {
	if p.Epochs < 1 || p.Epochs > MaxEpochs || len(p.Items) == 0 {
		return nil, evokg.Errorf(evokg.EINVALID, "an epoch run needs 1 to %d epochs and at least one item", MaxEpochs)
	}
	rep := &EpochReport{Namespace: p.Namespace, BatchID: evokg.NewID()}
	for epoch := 1; epoch <= p.Epochs; epoch++ {
		m, err := e.runEpoch(ctx, p, batchKey{ID: rep.BatchID, Epoch: epoch}, p.Items, false)
		if err != nil {
			return rep, fmt.Errorf("epoch %d: %w", epoch, err)
		}
		rep.Epochs = append(rep.Epochs, m)
	}
	if len(p.HeldOut) > 0 {
		m, err := e.runEpoch(ctx, p, batchKey{ID: evokg.NewID(), Epoch: 1}, p.HeldOut, true)
		if err != nil {
			return rep, fmt.Errorf("held-out: %w", err)
		}
		rep.HeldOut = &m
	}
	return rep, nil
}

// runEpoch runs items once in batch key and returns the epoch's metrics.
func (e *Engine) runEpoch(ctx context.Context, p EpochParams, key batchKey, items []pool.Item, frozen bool) (evokg.EpochMetrics, error) {
	for _, it := range items {
		if err := e.runItem(ctx, p, key, it, frozen); err != nil {
			return evokg.EpochMetrics{}, fmt.Errorf("item %s: %w", it.ID, err)
		}
	}
	all, err := e.store.epochMetrics(ctx, p.Namespace, key.ID)
	if err != nil {
		return evokg.EpochMetrics{}, err
	}
	m := all[len(all)-1]
	if p.Progress != nil {
		p.Progress(m)
	}
	return m, nil
}

func (e *Engine) runItem(ctx context.Context, p EpochParams, key batchKey, it pool.Item, frozen bool) error {
	r, err := e.newTask(p.Namespace, evokg.TaskRequest{Question: it.Question, TaskType: it.TaskType, Context: it.Context,
		MaxIterations: p.MaxIterations, Validator: evokg.ValidatorSpec{Kind: evokg.ValidatorNormalized, Gold: it.Answer}}, frozen)
	if err != nil {
		return err
	}
	key.Item = it.ID
	if err := e.store.insert(ctx, r, &key); err != nil {
		return err
	}
	_, err = e.Execute(ctx, p.Namespace, r.ID)
	return err
}

// EpochMetrics computes the per-epoch figures of batch from its stored attempts.
func (e *Engine) EpochMetrics(ctx context.Context, ns string, batch uuid.UUID) ([]evokg.EpochMetrics, error) {
	return e.store.epochMetrics(ctx, ns, batch)
}

package bandit

import (
	"context"
	"errors"
	"slices"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// Retrieval is what one /retrieve served: the pack's memories and the search
// arm that built it, for the task type. An external reward for it goes to
// that arm.
type Retrieval struct {
	ID        uuid.UUID   `json:"id"`
	Namespace string      `json:"namespace"`
	TaskType  string      `json:"task_type"`
	SearchArm string      `json:"search_arm"`
	Mode      string      `json:"mode"`
	MemoryIDs []uuid.UUID `json:"memory_ids"`
}

// RecordRetrieval stores r so that a later reward reaches its search arm.
func (b *Bandit) RecordRetrieval(ctx context.Context, r Retrieval) error {
	var v evokg.FieldErrors
	v.Check(evokg.ValidNamespace(r.Namespace), "/namespace", "not a valid namespace")
	v.Check(r.TaskType != "", "/task_type", "required")
	v.Check(slices.Contains(b.cfg.SearchArms, r.SearchArm), "/search_arm", "not a search arm")
	if err := v.Err(); err != nil {
		return err
	}
	if r.MemoryIDs == nil {
		r.MemoryIDs = []uuid.UUID{}
	}
	_, err := b.pool.Exec(ctx, queries.Get("insert_retrieval"), r.ID, r.Namespace, r.TaskType, r.SearchArm, r.Mode, r.MemoryIDs)
	return postgres.Translate(err, "recording a retrieval")
}

// RewardRetrieval grades retrieval id with reward ∈ [0, 1]: its search arm
// gets α += r, β += 1−r, exactly once. An unknown retrieval is ENOTFOUND; a
// second reward is ECONFLICT and changes nothing.
func (b *Bandit) RewardRetrieval(ctx context.Context, ns string, id uuid.UUID, reward float64) (Retrieval, error) {
	if err := checkReward(reward); err != nil {
		return Retrieval{}, err
	}
	var r Retrieval
	err := b.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		r, err = b.rewardRetrieval(ctx, tx, ns, id, reward)
		return err
	})
	return r, postgres.Translate(err, "rewarding a retrieval")
}

func (b *Bandit) rewardRetrieval(ctx context.Context, tx pgx.Tx, ns string, id uuid.UUID, reward float64) (Retrieval, error) {
	r := Retrieval{ID: id, Namespace: ns}
	var rewarded bool
	err := tx.QueryRow(ctx, queries.Get("get_retrieval"), ns, id).Scan(&r.TaskType, &r.SearchArm, &r.Mode, &r.MemoryIDs, &rewarded)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return r, evokg.Errorf(evokg.ENOTFOUND, "retrieval %s not found", id)
	case err != nil:
		return r, err
	case rewarded:
		return r, evokg.Errorf(evokg.ECONFLICT, "retrieval %s has already been rewarded; a reward is applied once", id)
	}
	if _, err := tx.Exec(ctx, queries.Get("reward_retrieval"), ns, id, reward); err != nil {
		return r, err
	}
	return r, b.rewardArm(ctx, tx, ns, Search, r.TaskType, r.SearchArm, reward)
}

package bandit

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Posteriors is a snapshot of every arm of a namespace (a mutable slot).
type Posteriors []ArmState

// List returns every arm of ns with its pulls and posterior, ordered by
// bandit, context and warm-up position (GET /bandits).
func (b *Bandit) List(ctx context.Context, ns string) ([]ArmState, error) {
	rows, err := b.pool.Query(ctx, queries.Get("list_arms"), ns)
	if err != nil {
		return nil, translate(err, "listing bandit arms")
	}
	arms, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ArmState, error) {
		var a ArmState
		err := r.Scan(&a.Kind, &a.Context, &a.Arm, &a.Alpha, &a.Beta, &a.Pulls, &a.RewardSum)
		return a, err
	})
	if err != nil {
		return nil, translate(err, "listing bandit arms")
	}
	return arms, nil
}

// Snapshot captures the posteriors of every arm of ns.
func (b *Bandit) Snapshot(ctx context.Context, ns string) (Posteriors, error) {
	arms, err := b.List(ctx, ns)
	return Posteriors(arms), err
}

// Restore puts the posteriors of snap back. Arms created after the snapshot
// return to the prior with no pulls. It runs in one transaction.
func (b *Bandit) Restore(ctx context.Context, ns string, snap Posteriors) error {
	n := len(snap)
	kinds, keys, arms := make([]string, n), make([]string, n), make([]string, n)
	alphas, betas, sums := make([]float64, n), make([]float64, n), make([]float64, n)
	pulls := make([]int64, n)
	for i, a := range snap {
		kinds[i], keys[i], arms[i] = string(a.Kind), a.Context, a.Arm
		alphas[i], betas[i], pulls[i], sums[i] = a.Alpha, a.Beta, a.Pulls, a.RewardSum
	}
	err := b.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, queries.Get("lock_namespace_arms"), ns); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, queries.Get("reset_arms"), ns, b.cfg.PriorAlpha, b.cfg.PriorBeta); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, queries.Get("restore_arms"), ns, kinds, keys, arms, alphas, betas, pulls, sums)
		return err
	})
	return translate(err, "restoring bandit posteriors")
}

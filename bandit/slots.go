package bandit

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// Posteriors is a snapshot of every arm of a namespace (a mutable slot).
type Posteriors []ArmState

// List returns every arm of ns with its pulls and posterior, ordered by
// bandit, context and warm-up position (GET /bandits).
func (b *Bandit) List(ctx context.Context, ns string) ([]ArmState, error) {
	rows, err := b.pool.Query(ctx, queries.Get("list_arms"), ns)
	if err != nil {
		return nil, postgres.Translate(err, "listing bandit arms")
	}
	arms, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ArmState, error) {
		var a ArmState
		err := r.Scan(&a.Kind, &a.Context, &a.Arm, &a.Alpha, &a.Beta, &a.Pulls, &a.RewardSum)
		return a, err
	})
	if err != nil {
		return nil, postgres.Translate(err, "listing bandit arms")
	}
	return arms, nil
}

// Snapshot captures the posteriors of every arm of ns.
func (b *Bandit) Snapshot(ctx context.Context, ns string) (Posteriors, error) {
	arms, err := b.List(ctx, ns)
	return Posteriors(arms), err
}

// Contribution is what one evolution run added to one arm: the pulls of its
// own selections (SelectForRun) and the rewards of its own answers (those
// recorded with its RunID). Alpha is Σ r and Beta Σ (1 − r) over the rewards.
type Contribution struct {
	Kind    Kind    `json:"kind"`
	Context string  `json:"context"`
	Arm     string  `json:"arm"`
	Alpha   float64 `json:"alpha"`
	Beta    float64 `json:"beta"`
	Pulls   int64   `json:"pulls"`
}

// RunContributions returns what run has added to the arms of ns so far,
// ordered by bandit, context and arm. The Delta-Guard keeps it with each
// snapshot and hands it back to Revert.
func (b *Bandit) RunContributions(ctx context.Context, ns string, run uuid.UUID) ([]Contribution, error) {
	rows, err := b.pool.Query(ctx, queries.Get("list_run_deltas"), ns, run)
	if err != nil {
		return nil, postgres.Translate(err, "reading a run's bandit contributions")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Contribution, error) {
		var c Contribution
		err := r.Scan(&c.Kind, &c.Context, &c.Arm, &c.Alpha, &c.Beta, &c.Pulls)
		return c, err
	})
	return out, postgres.Translate(err, "reading a run's bandit contributions")
}

// Revert takes back from the arms of ns what run added since its
// contributions were to (as RunContributions returned them): the pulls of
// its selections and the rewards of its answers since then. Pulls and
// rewards from any other source, made before or after, stay. It runs in one
// transaction, which locks the namespace's arms in the package's one order.
func (b *Bandit) Revert(ctx context.Context, ns string, run uuid.UUID, to []Contribution) error {
	n := len(to)
	kinds, keys, arms := make([]string, n), make([]string, n), make([]string, n)
	alphas, betas, pulls := make([]float64, n), make([]float64, n), make([]int64, n)
	for i, c := range to {
		kinds[i], keys[i], arms[i] = string(c.Kind), c.Context, c.Arm
		alphas[i], betas[i], pulls[i] = c.Alpha, c.Beta, c.Pulls
	}
	err := b.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, queries.Get("lock_namespace_arms"), ns); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, queries.Get("revert_run_arms"), ns, run, kinds, keys, arms, alphas, betas, pulls,
			b.cfg.PriorAlpha, b.cfg.PriorBeta); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, queries.Get("clear_run_deltas"), ns, run); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, queries.Get("set_run_deltas"), ns, run, kinds, keys, arms, alphas, betas, pulls)
		return err
	})
	return postgres.Translate(err, "reverting a run's bandit contributions")
}

// Posteriors returns the namespace's bandits, each with its arms' Beta
// posteriors: the search bandit of every task type and the routing bandit
// of every skill.
func (b *Bandit) Posteriors(ctx context.Context, ns string) ([]evokg.BanditState, error) {
	arms, err := b.List(ctx, ns)
	if err != nil {
		return nil, err
	}
	var out []evokg.BanditState
	index := map[[2]string]int{}
	for _, a := range arms {
		key := [2]string{string(a.Kind), a.Context}
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, evokg.BanditState{Bandit: string(a.Kind), Key: a.Context})
		}
		out[i].Arms = append(out[i].Arms, evokg.BanditArm{Arm: a.Arm, Alpha: a.Alpha, Beta: a.Beta, Pulls: int(a.Pulls), Mean: a.Mean()})
	}
	return out, nil
}

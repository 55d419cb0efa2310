package bandit

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// ChooseSkill is the routing bandit choosing which of several skills that
// serve one task type (the parts of a split skill) answers a question.
// Each skill is judged by its own routing posteriors: while any candidate
// is still in its warm-up (fewer than WarmupPulls pulls per arm), the
// least-pulled one is taken, so the candidates are tried in turn;
// afterwards (explore) every arm of every candidate is sampled and the
// skill holding the largest draw wins, or (not explore) the skill holding
// the best posterior mean. Nothing is counted: the pull is counted when
// the chosen skill's reasoning strategy is selected.
func (b *Bandit) ChooseSkill(ctx context.Context, ns string, skills []string, explore bool) (string, error) {
	if len(skills) == 0 {
		return "", evokg.Invalid(evokg.FieldError{Pointer: "/skills", Detail: "at least one skill is required"})
	}
	groups := make([][]ArmState, len(skills))
	for i, s := range skills {
		if err := checkContext(ns, Routing, s); err != nil {
			return "", err
		}
		arms, err := b.contextArms(ctx, ns, Routing, s)
		if err != nil {
			return "", postgres.Translate(err, fmt.Sprintf("reading the routing arms of %s", s))
		}
		groups[i] = arms
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return skills[chooseGroup(groups, b.cfg.WarmupPulls*len(b.cfg.RoutingArms), explore, b.sampleBeta)], nil
}

func (b *Bandit) contextArms(ctx context.Context, ns string, k Kind, key string) ([]ArmState, error) {
	rows, err := b.pool.Query(ctx, queries.Get("context_arms"), ns, string(k), key)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (ArmState, error) {
		a := ArmState{Kind: k, Context: key}
		var pos int
		err := r.Scan(&a.Arm, &pos, &a.Alpha, &a.Beta, &a.Pulls, &a.RewardSum)
		return a, err
	})
}

// chooseGroup returns the group (a skill's arms) to use: during warm-up
// the least-pulled group with fewer than warmup pulls in all (a group
// without arms has none; ties to the first), then the group holding the
// largest posterior draw (explore) or the largest posterior mean.
func chooseGroup(groups [][]ArmState, warmup int, explore bool, sample func(alpha, beta float64) float64) int {
	least, leastPulls := -1, int64(0)
	for i, g := range groups {
		if n := pulls(g); n < int64(warmup) && (least < 0 || n < leastPulls) {
			least, leastPulls = i, n
		}
	}
	if least >= 0 {
		return least
	}
	best, bestValue := 0, -1.0
	for i, g := range groups {
		for _, a := range g {
			v := a.Mean()
			if explore {
				v = sample(a.Alpha, a.Beta)
			}
			if v > bestValue {
				best, bestValue = i, v
			}
		}
	}
	return best
}

func pulls(arms []ArmState) int64 {
	var n int64
	for _, a := range arms {
		n += a.Pulls
	}
	return n
}

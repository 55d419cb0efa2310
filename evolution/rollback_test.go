package evolution

import (
	"regexp"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/questions"
)

func scriptedLearner(items []questions.Item) *learnerScript {
	l := &learnerScript{perIter: len(items), heldOut: len(items) / 4, gold: map[string]questions.Item{}, question: regexp.MustCompile(`(?m)^Question: (.+)\s*$`)}
	for _, it := range items {
		l.gold[it.Question] = it
	}
	return l
}

// liveFeedback is what a live /answer client does: select arms outside any
// run, record the answer, reward it.
func liveFeedback(e e2e, taskType string, reward float64) error {
	c, err := e.bandit.Select(e.ctx, e.ns, bandit.Search, taskType)
	if err != nil {
		return err
	}
	id, err := answer.NewRecords(e.engine.deps.Pool, e.bandit).Record(e.ctx, bandit.Answer{Namespace: e.ns, TaskType: taskType, Question: "live",
		Answer: "42", SearchArm: c.Arm})
	if err != nil {
		return err
	}
	_, err = e.bandit.ApplyReward(e.ctx, e.ns, id, reward)
	return err
}

// TestRollbackKeepsLiveFeedback: rewards sent by /answer clients while a run
// works survive the run's Delta-Guard rollback, on the arms the run shares
// and on arms the run never touched; only the run's own pulls and rewards
// since the snapshot are taken back.
func TestRollbackKeepsLiveFeedback(t *testing.T) {
	t.Parallel()
	items := e2eItems()
	e := setupE2E(t, scriptedLearner(items))
	params := Params{Namespace: e.ns, Iterations: 3, MaxFailuresPerType: 10, Concurrency: 4, RefreshEvery: 3,
		Pool: questions.PoolSpec{Name: "inline", Items: items, Validation: 0.125, Test: 0.125}}

	// During iteration 3's evaluation: after the snapshot the rollback
	// returns to, before the rollback.
	var once sync.Once
	var liveErr error
	progress := func(p Progress) {
		if p.Iteration == 3 && p.Phase == "evaluate" {
			once.Do(func() {
				if liveErr = liveFeedback(e, hardRatio, 1); liveErr == nil {
					liveErr = liveFeedback(e, "live_only", 1)
				}
			})
		}
	}
	res, err := RunLocal(e.ctx, e.engine, params, progress)
	require.NoError(t, err)
	require.NoError(t, liveErr)
	m := res.Metrics
	require.Len(t, m, 3)
	require.True(t, m[2].Rollback, "iteration 3 regresses and rolls back")

	arms, err := e.bandit.List(e.ctx, e.ns)
	require.NoError(t, err)
	var runTypes, liveOnly [2]float64 // α+β, pulls
	for _, a := range arms {
		if a.Kind != bandit.Search {
			continue
		}
		sum := &runTypes
		if a.Context == "live_only" {
			sum = &liveOnly
		}
		sum[0] += a.Alpha + a.Beta
		sum[1] += float64(a.Pulls)
	}
	// The run's 4 task types: the prior, the run's rewards of iterations 1
	// and 3 (iteration 2's were taken back), and the live reward.
	require.InDelta(t, float64(4*len(bandit.DefaultSearchArms)*2+30+30+1), runTypes[0], 1e-9)
	// Pulls: the run's of iterations 1 and 2 (those of 3 were taken back) and the live one.
	require.InDelta(t, float64(30+30+1), runTypes[1], 1e-9)
	require.InDelta(t, float64(len(bandit.DefaultSearchArms)*2+1), liveOnly[0], 1e-9, "an arm the run never used keeps its live reward")
	require.InDelta(t, 1.0, liveOnly[1], 1e-9)

	own, err := e.bandit.RunContributions(e.ctx, e.ns, res.Run.ID)
	require.NoError(t, err)
	var ownSum, ownPulls float64
	for _, c := range own {
		if c.Kind == bandit.Search {
			ownSum += c.Alpha + c.Beta
			ownPulls += float64(c.Pulls)
		}
	}
	require.InDelta(t, 60.0, ownSum, 1e-9, "the run's own record: iterations 1 and 3")
	require.InDelta(t, 60.0, ownPulls, 1e-9)
}

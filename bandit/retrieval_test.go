package bandit_test

import (
	"math"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// A retrieval's reward goes to its search arm only (no routing arm, no task
// type statistics), exactly once however many clients send it at once.
func TestRetrievalRewardAppliedOnceToItsSearchArm(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	r := bandit.Retrieval{ID: evokg.NewID(), Namespace: bd.ns, TaskType: "unit_rates", SearchArm: bandit.StrategyHybridGraph,
		Mode: "mage", MemoryIDs: []uuid.UUID{evokg.NewID(), evokg.NewID()}}
	require.NoError(t, bd.b.RecordRetrieval(bd.ctx, r))

	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[string]int{}
	for range 8 {
		wg.Go(func() {
			got, err := bd.b.RewardRetrieval(bd.ctx, bd.ns, r.ID, 0.25)
			mu.Lock()
			defer mu.Unlock()
			codes[evokg.ErrorCode(err)]++
			if err == nil {
				require.Equal(t, r, got, "the reward names what was served")
			}
		})
	}
	wg.Wait()
	require.Equal(t, map[string]int{"": 1, evokg.ECONFLICT: 7}, codes, "one reward applied, the others refused")

	arms, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Len(t, arms, len(bandit.DefaultSearchArms), "the search bandit of the task type, nothing else")
	for _, a := range arms {
		alpha, beta := 1.0, 1.0
		if a.Arm == bandit.StrategyHybridGraph {
			alpha, beta = 1.25, 1.75
		}
		require.Equal(t, bandit.Search, a.Kind)
		require.InDelta(t, alpha, a.Alpha, 1e-12, a.Arm)
		require.InDelta(t, beta, a.Beta, 1e-12, a.Arm)
	}
	stats, err := bd.b.TaskTypes(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Empty(t, stats, "a retrieval's reward is not an answer of the task type")
}

func TestRetrievalRewardErrors(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	r := bandit.Retrieval{ID: evokg.NewID(), Namespace: bd.ns, TaskType: "t", SearchArm: bandit.StrategySemantic, Mode: "apex"}
	require.NoError(t, bd.b.RecordRetrieval(bd.ctx, r))
	for _, reward := range []float64{-0.1, 1.5, math.NaN()} {
		_, err := bd.b.RewardRetrieval(bd.ctx, bd.ns, r.ID, reward)
		require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err), "%v", reward)
	}
	_, err := bd.b.RewardRetrieval(bd.ctx, bd.ns, evokg.NewID(), 1)
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
	_, err = bd.b.RewardRetrieval(bd.ctx, "another-ns", r.ID, 1)
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err), "a retrieval belongs to its namespace")
	bad := r
	bad.ID, bad.SearchArm = evokg.NewID(), "telepathy"
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(bd.b.RecordRetrieval(bd.ctx, bad)))
	_, err = bd.b.RewardRetrieval(bd.ctx, bd.ns, r.ID, 1)
	require.NoError(t, err, "refused rewards left it unrewarded")
}

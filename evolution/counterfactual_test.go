package evolution

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/memswitch"
)

// The memory switch compares memory with the same learner without memory
// and with the same routing when the run measured it: a task type whose
// routing gains (0.2 → 0.9 without memory) while memory costs (0.5 with
// it) is switched off, although memory beats the unrouted baseline.
func TestMemorySwitchComparesWithTheSameRouting(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	r := &runner{Engine: &Engine{deps: Deps{MemorySwitch: memswitch.NewStore(pg)}}, ns: testenv.Namespace(t), id: evokg.NewID(),
		p: Params{MemorySwitchDelta: memswitch.DefaultDelta}}
	routed := SplitAccuracy{Total: 10, Correct: 5, Accuracy: 0.5, WithoutCorrect: 2, WithoutMemory: 0.2}
	for range 9 {
		routed.addRouted(true)
	}
	routed.addRouted(false)
	unrouted := SplitAccuracy{Total: 10, Correct: 5, Accuracy: 0.5, WithoutCorrect: 2, WithoutMemory: 0.2}
	m := &Metrics{Iteration: 1, ByTaskType: map[string]TypeAccuracy{
		"routed": {Validation: routed}, "unrouted": {Validation: unrouted}}}
	require.NoError(t, r.switchMemory(context.Background(), 1, m))
	require.Equal(t, []string{"routed"}, m.MemoryOff)
	switches, err := memswitch.NewStore(pg).List(context.Background(), r.ns)
	require.NoError(t, err)
	require.Len(t, switches, 2)
	for _, s := range switches {
		if s.TaskType == "routed" {
			require.InDelta(t, 0.9, s.WithoutMemory, 1e-9, "the switch records the routed counterfactual")
		} else {
			require.InDelta(t, 0.2, s.WithoutMemory, 1e-9)
		}
	}
}

// A routed run answers the validation split once more without memory and
// with its routing, every iteration; a run without bandits does not.
func TestRoutedCounterfactualIsMeasuredWhenTheRunRoutes(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	for _, disable := range []bool{false, true} {
		e := setupE2EOn(t, formatLearner("block"), pg)
		res := runIterations(t, e, Params{Iterations: 1, MaxFailuresPerType: 1, DisableBandits: disable})
		v := res.Metrics[0].Validation
		if disable {
			require.Zero(t, v.RoutedTotal)
			continue
		}
		require.Equal(t, v.Total, v.RoutedTotal, "every validation item answered without memory, routed")
	}
}

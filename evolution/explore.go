package evolution

import (
	"context"
	"fmt"

	"github.com/evokg/evokg/explorer"
)

// exploreFailures is MAGE's Explorer in EVOLVE: for up to
// MaxFailuresPerType failed environment episodes of a task type it tours
// the episode's world into G_env (once per world and run) and harvests the
// episode's action recipe as a success memory. Without an Explorer, or for
// items that are not episodes, it does nothing. The Explorer's model calls
// are the learner layer's and count as learner calls.
func (r *runner) exploreFailures(ctx context.Context, answers []graded, m *Metrics) error {
	if r.deps.Explorer == nil {
		return nil
	}
	tried := 0
	for _, a := range answers {
		if a.Correct || a.Item.Episode == nil || tried >= r.p.MaxFailuresPerType {
			continue
		}
		tried++
		res, err := r.exploreOne(ctx, a)
		r.calls.learner.Add(int64(res.ModelCalls))
		if r.failed.add("evolve", "exploration of "+a.Item.ID, err) {
			continue
		}
		if err != nil {
			return err
		}
		m.Explored++
		if res.Success {
			m.Recipes++
		}
	}
	return nil
}

// exploreOne tours the episode's world unless this run toured it already,
// then harvests the episode's recipe, once per run: an episode failed
// again in a later iteration gets the same memory, not a copy.
func (r *runner) exploreOne(ctx context.Context, a graded) (explorer.Result, error) {
	ep := *a.Item.Episode
	var calls int
	if !r.toured[ep.World] {
		res, err := r.deps.Explorer.Tour(ctx, r.ns, ep, fmt.Sprintf("evo:%s:tour", r.id))
		if err != nil {
			return res, err
		}
		r.toured[ep.World], calls = true, res.ModelCalls
	}
	res, err := r.deps.Explorer.Harvest(ctx, r.ns, ep, fmt.Sprintf("evo:%s", r.id))
	res.ModelCalls += calls
	return res, err
}

package evolution

import (
	"cmp"
	"context"
	"slices"

	evokg "github.com/evokg/evokg"
)

// ListTaskTypes lists the task types of ns, highest score first, with the
// curriculum score s(t) the next selection of an evolution iteration uses:
// the reward stream's cumulative n_fail, the graph's k_last and Navigator
// focus, the namespace's next curriculum step and λ of its latest run.
func (e *Engine) ListTaskTypes(ctx context.Context, ns string) ([]evokg.TaskTypeScore, error) {
	types, err := e.deps.Graph.ListTaskTypes(ctx, ns)
	if err != nil {
		return nil, err
	}
	states, step, err := e.curriculumStates(ctx, ns)
	if err != nil {
		return nil, err
	}
	lambda, err := e.store.latestLambda(ctx, ns)
	if err != nil {
		return nil, err
	}
	out := make([]evokg.TaskTypeScore, len(types))
	for i, t := range types {
		s := states[i]
		out[i] = evokg.TaskTypeScore{TaskType: t, Score: CurriculumScore(s, step, lambda),
			RewardsSeen: int64(s.NSeen), RewardsFailed: int64(s.NFail)}
	}
	slices.SortStableFunc(out, func(a, b evokg.TaskTypeScore) int { return cmp.Compare(b.Score, a.Score) })
	return out, e.attachMemorySwitches(ctx, ns, out)
}

// curriculumStates reads the curriculum state of ns (in the graph's task
// type order) and the step its next selection happens at.
func (e *Engine) curriculumStates(ctx context.Context, ns string) ([]TaskState, int, error) {
	types, err := e.deps.Graph.ListTaskTypes(ctx, ns)
	if err != nil {
		return nil, 0, err
	}
	stats, err := e.deps.Bandit.TaskTypes(ctx, ns)
	if err != nil {
		return nil, 0, err
	}
	states, step := curriculumStates(types, stats)
	return states, step, nil
}

// latestLambda is λ of the namespace's latest run, or the default.
func (s *store) latestLambda(ctx context.Context, ns string) (float64, error) {
	p, _, err := s.latestParams(ctx, ns)
	return p.WithDefaults().Lambda, err
}

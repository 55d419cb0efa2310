package evolution

import (
	"context"

	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/questions"
)

// calibrate chooses the learner profile the iteration answers under: with
// CalibrationItems it answers that many validation items (round-robin over
// task types) with the profile in force and each other candidate, and
// stores the one chosen (profile.Calibrate) for the namespace and learner
// model; its calls count as the iteration's learner
// calls. Without them, or without a profile store, the stored profile
// stands.
func (r *runner) calibrate(ctx context.Context, k int, m *Metrics) error {
	if r.deps.Profiles == nil {
		return nil
	}
	current, err := r.deps.Profiles.Profile(ctx, r.ns, r.answerer.Model())
	m.Profile = current
	if err != nil || r.p.CalibrationItems == 0 || len(r.pool.Validation) == 0 {
		return err
	}
	r.step(k, "calibrate", 0, 0, 0)
	sp, err := profile.Calibrate(ctx, r.answerer, questions.Grader{}, r.ns, CalibrationSample(r.pool.Validation, r.p.CalibrationItems),
		profile.CandidatesFrom(current))
	if sp.Calibration != nil {
		r.calls.learner.Add(int64(sp.Calibration.LearnerCalls))
	}
	if err != nil {
		return err
	}
	if sp, err = r.deps.Profiles.Put(ctx, sp); err != nil {
		return err
	}
	m.Profile, m.Calibration = sp.Profile, sp.Calibration
	return nil
}

// CalibrationSample takes n items round-robin over their task types, in split order.
func CalibrationSample(items []questions.Item, n int) []questions.Item {
	byType := map[string][]questions.Item{}
	var order []string
	for _, it := range items {
		if _, ok := byType[it.TaskType]; !ok {
			order = append(order, it.TaskType)
		}
		byType[it.TaskType] = append(byType[it.TaskType], it)
	}
	var out []questions.Item
	for i := 0; len(out) < min(n, len(items)); i++ {
		for _, t := range order {
			if i < len(byType[t]) && len(out) < n {
				out = append(out, byType[t][i])
			}
		}
	}
	return out
}

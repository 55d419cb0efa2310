package evolution

import (
	"context"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/questions"
)

// calibrate chooses the learner profiles the iteration answers under: the
// profile with memory, and the baseline profile the arms without memory
// answer under (the memory-off baseline and memory's counterfactual with
// routing, which the memory switch compares memory with). With
// CalibrationItems it answers that many validation items (round-robin over
// task types) with each candidate profile twice: with memory, storing the
// best (profile.Calibrate) for the namespace and learner model, and
// without, keeping the best for the run (profile.CalibrateWithoutMemory);
// each calibration's reference is the profile in force. Its calls count as
// the iteration's learner calls. Without calibration items the stored
// profile stands for both; without a profile store the learner answers
// under the default profile.
func (r *runner) calibrate(ctx context.Context, k int, m *Metrics) error {
	if r.deps.Profiles == nil {
		return nil
	}
	current, err := r.deps.Profiles.Profile(ctx, r.ns, r.answerer.Model())
	m.Profile, m.BaselineProfile = current, current
	r.baselineProfile = &m.BaselineProfile
	if err != nil || r.p.CalibrationItems == 0 || len(r.pool.Validation) == 0 {
		return err
	}
	r.step(k, "calibrate", 0, 0, 0)
	sample := CalibrationSample(r.pool.Validation, r.p.CalibrationItems)
	sp, err := profile.Calibrate(ctx, r.answerer, questions.Grader{}, r.ns, sample, profile.CandidatesFrom(current))
	if err = r.calibrated(sp, err); err != nil {
		return err
	}
	if sp, err = r.deps.Profiles.Put(ctx, sp); err != nil {
		return err
	}
	m.Profile, m.Calibration = sp.Profile, sp.Calibration
	baseline := current
	if r.st.BaselineProfile != nil {
		baseline = *r.st.BaselineProfile // the baseline profile in force
	}
	bp, err := profile.CalibrateWithoutMemory(ctx, r.answerer, questions.Grader{}, r.ns, sample, profile.CandidatesFrom(baseline))
	if err = r.calibrated(bp, err); err != nil {
		return err
	}
	m.BaselineProfile, m.BaselineCalibration = bp.Profile, bp.Calibration
	return nil
}

// calibrated counts a calibration's learner calls and returns its error.
func (r *runner) calibrated(sp evokg.StoredProfile, err error) error {
	if sp.Calibration != nil {
		r.calls.learner.Add(int64(sp.Calibration.LearnerCalls))
	}
	return err
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

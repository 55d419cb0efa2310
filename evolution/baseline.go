package evolution

import (
	"context"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// attachMemorySwitches sets each listed task type's memory switch.
func (e *Engine) attachMemorySwitches(ctx context.Context, ns string, types []evokg.TaskTypeScore) error {
	if e.deps.MemorySwitch == nil {
		return nil
	}
	switches, err := e.deps.MemorySwitch.List(ctx, ns)
	if err != nil {
		return err
	}
	byType := make(map[string]*evokg.MemorySwitch, len(switches))
	for i := range switches {
		byType[switches[i].TaskType] = &switches[i]
	}
	for i := range types {
		types[i].MemorySwitch = byType[types[i].Name]
	}
	return nil
}

// baseline answers the validation and test splits without memory once per
// run and baseline profile (the same learner, temperature 0, no memory
// pack, no evolved prompt, default strategies, under the profile best
// without memory: nothing it reads changes between iterations unless
// calibration changes that profile) and keeps each item's grade, and the
// profile, in the run's state.
func (r *runner) baseline(ctx context.Context, k int, skills map[string][]evokg.Skill, profile evokg.LearnerProfile) error {
	if r.st.Baseline != nil && (r.st.BaselineProfile == nil || *r.st.BaselineProfile == profile) {
		return nil
	}
	baseline := map[string]bool{}
	for _, split := range []struct {
		phase string
		items []questions.Item
	}{{questions.SplitValidation + "_baseline", r.pool.Validation}, {questions.SplitTest + "_baseline", r.pool.Test}} {
		answers, err := r.answerAll(ctx, k, split.phase, split.items, skills, withMemory{off: true})
		if err != nil {
			return err
		}
		for _, a := range answers {
			baseline[a.Item.ID] = a.Correct
		}
	}
	r.st.Baseline, r.st.BaselineProfile = baseline, &profile
	return nil
}

// switchMemory records, for every task type of the validation split, its
// validation accuracy with and without memory (with the same routing, when
// the run routes: memory's own effect) in the per-task-type memory switch, and lists in m the task types whose memory is off. The test
// split never reaches the switch.
func (r *runner) switchMemory(ctx context.Context, k int, m *Metrics) error {
	if r.deps.MemorySwitch == nil {
		return nil
	}
	for _, t := range sortedKeys(m.ByTaskType) {
		v := m.ByTaskType[t].Validation
		if v.Total == 0 {
			continue
		}
		st, err := r.deps.MemorySwitch.Record(ctx, r.ns, evokg.MemorySwitch{TaskType: t, WithMemory: v.Accuracy,
			WithoutMemory: v.counterfactual(), Delta: r.p.MemorySwitchDelta, RunID: r.id, Iteration: k})
		if err != nil {
			return err
		}
		if st.Off {
			m.MemoryOff = append(m.MemoryOff, t)
		}
	}
	return nil
}

package evolution

import (
	"context"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/memswitch"
	"github.com/evokg/evokg/pool"
)

// MemorySwitch records the per-task-type memory switch and lists it
// (*memswitch.Store).
type MemorySwitch interface {
	Record(ctx context.Context, ns string, e memswitch.Evaluation) (evokg.MemorySwitch, error)
	List(ctx context.Context, ns string) ([]evokg.MemorySwitch, error)
}

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

// baseline answers the held-out split without memory once per run (the
// same learner, temperature 0, no memory pack, no evolved prompt, default
// strategies: nothing it reads changes between iterations) and keeps each
// item's grade in the run's state.
func (r *runner) baseline(ctx context.Context, k int, skills map[string][]evokg.Skill) error {
	if r.st.Baseline != nil {
		return nil
	}
	answers, err := r.answerAll(ctx, k, "held_out_baseline", r.pool.HeldOut, skills, false, true)
	if err != nil {
		return err
	}
	r.st.Baseline = make(map[string]bool, len(answers))
	for _, a := range answers {
		r.st.Baseline[a.Item.ID] = a.Correct
	}
	return nil
}

// fillBaseline adds the held-out accuracy without memory, overall and per
// task type, to m.
func fillBaseline(m *Metrics, heldOut []pool.Item, baseline map[string]bool) {
	correct := 0
	for _, it := range heldOut {
		ta := m.ByTaskType[it.TaskType]
		if baseline[it.ID] {
			ta.HeldOutWithoutCorrect++
			correct++
		}
		m.ByTaskType[it.TaskType] = ta
	}
	for name, ta := range m.ByTaskType {
		ta.HeldOutWithout = accuracy(ta.HeldOutWithoutCorrect, ta.HeldOutTotal)
		m.ByTaskType[name] = ta
	}
	m.HeldOutWithoutMemory = accuracy(correct, len(heldOut))
}

// switchMemory records, for every task type of the held-out split, its
// accuracy with and without memory in the per-task-type memory switch, and
// lists in m the task types whose memory is off.
func (r *runner) switchMemory(ctx context.Context, k int, m *Metrics) error {
	if r.deps.MemorySwitch == nil {
		return nil
	}
	for _, t := range sortedKeys(m.ByTaskType) {
		ta := m.ByTaskType[t]
		if ta.HeldOutTotal == 0 {
			continue
		}
		st, err := r.deps.MemorySwitch.Record(ctx, r.ns, memswitch.Evaluation{TaskType: t, WithMemory: ta.HeldOut,
			WithoutMemory: ta.HeldOutWithout, Delta: r.p.MemorySwitchDelta, RunID: r.run.ID, Iteration: k})
		if err != nil {
			return err
		}
		if st.Off {
			m.MemoryOff = append(m.MemoryOff, t)
		}
	}
	return nil
}

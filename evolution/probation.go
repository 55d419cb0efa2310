package evolution

import (
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"strings"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/utility"
)

// probationOn reports whether the memories the teacher writes start
// probationary.
func (r *runner) probationOn() bool {
	return r.deps.Utility != nil && !r.deps.Mechanisms.NoUtility
}

// probation tries the probationary memories of the run's task types. Each
// is shown, first in its list and beside the memories the item is served,
// to the learner on up to ProbationItems validation items of its task
// type, and each item is answered once more without it: both replays at
// the same moment, with the search and routing arms, the skill and (when
// it had none) the lack of an agent of the item's validation answer, so
// the two conditions differ only by the memory (whatever the iteration
// changed since the validation answers, both see alike). A memory hurts on
// an item it is wrong with where the learner was right without it, helps
// on one the reverse; one that hurt on more items than it helped is
// quarantined, any other is activated. The verdicts are recorded together
// after every replay, so each replay saw the same served memories. A
// memory's replays start only while one learner call per replay (its own,
// and its items' replays without it not yet made) fits within
// ProbationCalls; the rest wait for a later iteration. Only validation
// items are used: never a test item, never a training one.
func (r *runner) probation(ctx context.Context, k int, ev *evaluation, m *Metrics) error {
	if !r.probationOn() {
		return nil
	}
	byType := map[string][]graded{}
	for _, a := range ev.validation {
		if !a.Failed {
			byType[a.Item.TaskType] = append(byType[a.Item.TaskType], a)
		}
	}
	pending, err := r.deps.Utility.Probationary(ctx, r.ns, sortedKeys(ev.skills))
	if err != nil {
		return err
	}
	pending = roundRobin(pending)
	before := r.calls.learner.Load()
	without := map[string]graded{} // item id → its replay without any memory on trial
	var verdicts []utility.StateDecision
	for i, p := range pending {
		r.step(k, "probation", i, len(pending), m.Accuracy)
		items := replayItems(byType[p.TaskType], p.ID, r.p.ProbationItems)
		calls := int64(len(items) + len(unreplayed(items, without)))
		if len(items) == 0 || r.calls.learner.Load()-before+calls > int64(r.p.ProbationCalls) {
			m.Probation.Waiting++
			continue
		}
		v, err := r.replay(ctx, k, ev, p, items, without, &m.Probation)
		if err != nil {
			return err
		}
		verdicts = append(verdicts, v)
	}
	m.Probation.Calls = r.calls.learner.Load() - before
	if len(verdicts) == 0 {
		return nil
	}
	return r.deps.Utility.Decide(ctx, r.ns, verdicts...)
}

// unreplayed are the items of answers not yet replayed without a memory.
func unreplayed(answers []graded, without map[string]graded) []questions.Item {
	var out []questions.Item
	for _, a := range answers {
		if _, ok := without[a.Item.ID]; !ok {
			out = append(out, a.Item)
		}
	}
	return out
}

// replay answers the validation items of answers with memory p shown and,
// when not yet done (without), without it, both frozen on each item's
// validation answer, and compares them.
func (r *runner) replay(ctx context.Context, k int, ev *evaluation, p utility.Pending, answers []graded, without map[string]graded,
	pm *evokg.Probation) (utility.StateDecision, error) {
	frozen := map[string]graded{}
	qs := make([]questions.Item, len(answers))
	for i, a := range answers {
		frozen[a.Item.ID], qs[i] = a, a.Item
	}
	mem := withMemory{ignoreSwitch: true, frozen: frozen}
	base, err := r.answerAll(ctx, k, "probation", unreplayed(answers, without), ev.skills, mem)
	if err != nil {
		return utility.StateDecision{}, fmt.Errorf("probation of %s: %w", p.ID, err)
	}
	for _, b := range base {
		without[b.Item.ID] = b
	}
	mem.include = []uuid.UUID{p.ID}
	with, err := r.answerAll(ctx, k, "probation", qs, ev.skills, mem)
	if err != nil {
		return utility.StateDecision{}, fmt.Errorf("probation of %s: %w", p.ID, err)
	}
	v := utility.StateDecision{ID: p.ID}
	var ids []string
	for _, w := range with {
		wo := without[w.Item.ID]
		if w.Failed || wo.Failed {
			continue
		}
		ids = append(ids, w.Item.ID)
		switch {
		case w.Correct && !wo.Correct:
			v.Helped++
		case !w.Correct && wo.Correct:
			v.Hurt++
		default:
			v.Tied++
		}
	}
	pm.Tried++
	pm.Replays += len(ids)
	pm.Helped += int(v.Helped)
	pm.Hurt += int(v.Hurt)
	v.State, v.Reason = evokg.MemoryActive, "probation: "
	if v.Hurt > v.Helped {
		v.State, v.Reason = evokg.MemoryQuarantined, "probation: hurt the learner: "
		pm.Quarantined++
	} else {
		pm.Activated++
	}
	slices.Sort(ids)
	v.Reason += fmt.Sprintf("helped %d, hurt %d, tied %d on validation items %s (run %s, iteration %d)",
		v.Helped, v.Hurt, v.Tied, strings.Join(ids, ", "), r.id, k)
	return v, nil
}

// roundRobin interleaves the queue by task type, each type's memories in
// their order, so that under the cap every type gets its first memories
// tried before any type gets many.
func roundRobin(queue []utility.Pending) []utility.Pending {
	var types []string
	byType := map[string][]utility.Pending{}
	for _, p := range queue {
		if _, ok := byType[p.TaskType]; !ok {
			types = append(types, p.TaskType)
		}
		byType[p.TaskType] = append(byType[p.TaskType], p)
	}
	out := make([]utility.Pending, 0, len(queue))
	for i := 0; len(out) < len(queue); i++ {
		for _, t := range types {
			if i < len(byType[t]) {
				out = append(out, byType[t][i])
			}
		}
	}
	return out
}

// replayItems picks up to n of a task type's validation answers for memory
// id, in an order fixed by the memory and the item (so a resumed iteration
// picks the same ones, and memories of one type spread over its items).
func replayItems(answers []graded, id uuid.UUID, n int) []graded {
	out := slices.Clone(answers)
	key := func(a graded) string {
		h := sha256.Sum256([]byte(id.String() + "/" + a.Item.ID))
		return string(h[:])
	}
	slices.SortFunc(out, func(a, b graded) int { return strings.Compare(key(a), key(b)) })
	return out[:min(n, len(out))]
}

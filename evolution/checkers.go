package evolution

import (
	"context"
	"fmt"
	"slices"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/writegate"
)

// loadCheckers gives the write gate the checkers the pool's task types
// have declared in the namespace (none by default, whatever the pool)
// and refuses a pool whose gold answers a checker contradicts.
func (r *runner) loadCheckers(ctx context.Context) error {
	var checkers []*writegate.CompiledChecker
	for _, t := range questions.TaskTypes(slices.Concat(r.pool.Train, r.pool.Validation, r.pool.Test)) {
		tt, err := r.deps.Graph.GetTaskType(ctx, r.ns, t)
		if evokg.ErrorCode(err) == evokg.ENOTFOUND {
			continue
		}
		if err != nil {
			return err
		}
		if tt.Checker == nil {
			continue
		}
		k, err := writegate.CompileChecker(ctx, t, *tt.Checker, "/checker")
		if err != nil {
			return fmt.Errorf("the checker of task type %s: %w", t, err)
		}
		checkers = append(checkers, k)
	}
	items, err := r.p.Pool.SourceItems()
	if err != nil {
		return err
	}
	if err := writegate.CheckGold(ctx, checkers, items, func(i int) string { return fmt.Sprintf("/pool/items/%d", i) }); err != nil {
		return err
	}
	r.gate.Checkers = checkers
	return nil
}

// checkers lists the task types whose checker the write gate applies.
func (r *runner) checkers() []string {
	out := make([]string, len(r.gate.Checkers))
	for i, k := range r.gate.Checkers {
		out[i] = k.TaskType
	}
	return out
}

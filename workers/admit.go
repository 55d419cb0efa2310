package workers

import (
	"context"
	"log/slog"
	"slices"
	"sync"

	"github.com/evokg/evokg/vector"
)

// admitter moves the slices that projection batches grew past the
// exact-scan bound into the HNSW index (SliceAdmitter), off the batches'
// pipeline: a batch hands over its task types and its job does the work
// after the batch has committed and released its stages, so no batch waits
// for the HNSW inserts of a tail (about 13 s for 20 slices growing at once,
// measured when a batch did it in line). Per namespace, one job of the
// process admits at a time; the task types of the batches that commit
// meanwhile are queued for it.
type admitter struct {
	to     SliceAdmitter // nil: the Neighbors has no HNSW index to admit to
	logger *slog.Logger

	mu      sync.Mutex
	running map[string]bool
	pending map[string][]string
}

func newAdmitter(n Neighbors, logger *slog.Logger) *admitter {
	to, _ := n.(SliceAdmitter)
	return &admitter{to: to, logger: logger, running: map[string]bool{}, pending: map[string][]string{}}
}

// after admits the grown slices among taskTypes of namespace ns, and those
// other batches queue meanwhile. It returns at once when another job of this
// process is admitting in ns: that one takes taskTypes over.
func (a *admitter) after(ctx context.Context, ns string, taskTypes []string) {
	if a.to == nil || len(taskTypes) == 0 {
		return
	}
	a.mu.Lock()
	a.pending[ns] = append(a.pending[ns], taskTypes...)
	if a.running[ns] {
		a.mu.Unlock()
		return
	}
	a.running[ns] = true
	a.mu.Unlock()
	for {
		next := a.take(ns)
		if len(next) == 0 {
			return
		}
		a.drain(ctx, ns, next)
	}
}

// take removes the queued task types of ns, and ends its turn when none is.
func (a *admitter) take(ns string) []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	next := slices.Compact(slices.Sorted(slices.Values(a.pending[ns])))
	delete(a.pending, ns)
	if len(next) == 0 {
		delete(a.running, ns)
	}
	return next
}

// drain moves the tails of the grown slices among taskTypes, a chunk per
// transaction, until none is left. A failure is logged: the next batch of
// those slices tries again, and a tail is searched exactly meanwhile.
func (a *admitter) drain(ctx context.Context, ns string, taskTypes []string) {
	for {
		moved, err := a.to.AdmitGrownSlices(ctx, ns, taskTypes, vector.AdmitChunk)
		if err != nil {
			a.logger.WarnContext(ctx, "admitting grown slices to the HNSW index", "namespace", ns, "err", err)
			return
		}
		if moved == 0 {
			return
		}
	}
}

func batchTaskTypes(batch []pending) []string {
	out := make([]string, len(batch))
	for i, p := range batch {
		out[i] = p.exp.TaskType
	}
	return out
}

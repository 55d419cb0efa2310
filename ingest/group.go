package ingest

import (
	"context"
	"slices"
	"sync"
)

// Group commit of single requests.
//
// Agents post one experience per request, and a request written alone pays
// a transaction, a WAL flush and a projection job of its own. Concurrent
// single requests are therefore written together, as a database's group
// commit does: a request joins a queue, and whichever waiting request gets
// one of Config.Committers slots takes the head of the queue (up to
// Config.MaxGroup writes) and commits it in one transaction. There is no
// timer: under no load a request finds a free slot and is committed at
// once, alone; under load the queue fills while the slots are busy.
//
// If a group's transaction fails, each of its writes is committed on its
// own, so one request's error (a reused idempotency key, a bad row) is
// never another's.

// write is one request's experiences with its idempotency record.
type write struct {
	ns       string
	items    []item
	idemKey  string
	hash     []byte // of the request, with idemKey
	response any    // stored under idemKey
	done     chan struct{}
	err      error
}

func newWrite(ns string, items []item, idemKey string, hash []byte, response any) *write {
	return &write{ns: ns, items: items, idemKey: idemKey, hash: hash, response: response, done: make(chan struct{})}
}

// committer groups concurrent writes into transactions.
type committer struct {
	mu       sync.Mutex
	queue    []*write
	slots    chan struct{}
	maxGroup int
	// commit writes ws in one transaction.
	commit func(ctx context.Context, ws []*write) error
}

func newCommitter(slots, maxGroup int, commit func(context.Context, []*write) error) *committer {
	return &committer{slots: make(chan struct{}, slots), maxGroup: maxGroup, commit: commit}
}

// submit returns when w is committed (nil) or failed. A caller whose
// context ends while w still waits in the queue withdraws it; once w is
// in a running group, submit waits for that group's outcome.
func (c *committer) submit(ctx context.Context, w *write) error {
	c.mu.Lock()
	c.queue = append(c.queue, w)
	c.mu.Unlock()
	for {
		select {
		case <-w.done:
			return w.err
		case <-ctx.Done():
			if c.withdraw(w) {
				return ctx.Err()
			}
			<-w.done
			return w.err
		case c.slots <- struct{}{}:
			group := c.take()
			if len(group) > 0 {
				gctx, cancel := groupContext(ctx)
				c.run(gctx, group)
				cancel()
			}
			<-c.slots
			if len(group) == 0 { // another committer holds w
				<-w.done
				return w.err
			}
		}
	}
}

// groupContext is the context of a group's transaction, run by one of its
// callers: the others' writes must not fail when that caller goes, so it
// keeps the caller's deadline but not its cancellation.
func groupContext(ctx context.Context) (context.Context, context.CancelFunc) {
	g := context.WithoutCancel(ctx)
	if d, ok := ctx.Deadline(); ok {
		return context.WithDeadline(g, d)
	}
	return g, func() {}
}

// take removes the head of the queue, at most maxGroup writes.
func (c *committer) take() []*write {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := min(len(c.queue), c.maxGroup)
	group := slices.Clone(c.queue[:n])
	c.queue = slices.Delete(c.queue, 0, n)
	return group
}

// withdraw removes w from the queue; false when a committer took it.
func (c *committer) withdraw(w *write) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	i := slices.Index(c.queue, w)
	if i < 0 {
		return false
	}
	c.queue = slices.Delete(c.queue, i, i+1)
	return true
}

// run commits group in one transaction, or each write alone if that fails.
func (c *committer) run(ctx context.Context, group []*write) {
	if len(group) > 1 && c.commit(ctx, group) == nil {
		for _, w := range group {
			close(w.done)
		}
		return
	}
	for _, w := range group {
		w.err = c.commit(ctx, []*write{w})
		close(w.done)
	}
}

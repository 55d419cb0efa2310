package ingest

import (
	"context"
	"sync"

	"github.com/google/uuid"
)

// pipeline coordinates the projection batches of one process. Per
// namespace a batch passes two stages: claim (lock its experiences in
// Postgres and find their SIMILAR_TO candidates) and write (the graph
// transaction and the commit). Each stage admits one batch at a time, so
// the next batch claims and searches while the previous one writes, and
// batches never write the same shared graph nodes concurrently. A job whose
// experience a running batch holds waits for that batch in memory, without
// a database connection.
type pipeline struct {
	claim, write *keyedMutex

	mu      sync.Mutex
	flights map[flightKey]*flight
}

type flightKey struct {
	ns string
	id uuid.UUID
}

// flight is one running batch as its waiting jobs see it.
type flight struct {
	done      chan struct{}
	projected map[uuid.UUID]bool // set before done is closed
}

func newPipeline() *pipeline {
	return &pipeline{claim: newKeyedMutex(), write: newKeyedMutex(), flights: map[flightKey]*flight{}}
}

// start registers a batch holding ids (its row locks are taken).
func (p *pipeline) start(ns string, ids []uuid.UUID) *flight {
	f := &flight{done: make(chan struct{})}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, id := range ids {
		p.flights[flightKey{ns, id}] = f
	}
	return f
}

// finish records which experiences the batch committed (none when it
// failed), after its transaction ended, and releases its waiters.
func (p *pipeline) finish(ns string, ids []uuid.UUID, f *flight, projected []uuid.UUID) {
	p.mu.Lock()
	for _, id := range ids {
		delete(p.flights, flightKey{ns, id})
	}
	p.mu.Unlock()
	f.projected = make(map[uuid.UUID]bool, len(projected))
	for _, id := range projected {
		f.projected[id] = true
	}
	close(f.done)
}

// await waits for the batch holding the experience, if one of this process
// does, and reports whether that batch committed it. False means the caller
// must project it itself.
func (p *pipeline) await(ctx context.Context, ns string, id uuid.UUID) (bool, error) {
	p.mu.Lock()
	f := p.flights[flightKey{ns, id}]
	p.mu.Unlock()
	if f == nil {
		return false, nil
	}
	select {
	case <-f.done:
		return f.projected[id], nil
	case <-ctx.Done():
		return false, ctx.Err()
	}
}

// holds reports whether a batch of this process holds the experience.
func (p *pipeline) holds(ns string, id uuid.UUID) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.flights[flightKey{ns, id}] != nil
}

// keyedMutex serializes work per key (namespace) within one process.
type keyedMutex struct {
	mu    sync.Mutex
	locks map[string]*keyedEntry
}

type keyedEntry struct {
	token   chan struct{} // holds one token while unlocked
	waiters int
}

func newKeyedMutex() *keyedMutex { return &keyedMutex{locks: map[string]*keyedEntry{}} }

// lock locks key, or gives up when ctx ends, and returns the unlock
// function. Entries are dropped when nobody holds or waits for them.
func (k *keyedMutex) lock(ctx context.Context, key string) (func(), error) {
	k.mu.Lock()
	e, ok := k.locks[key]
	if !ok {
		e = &keyedEntry{token: make(chan struct{}, 1)}
		e.token <- struct{}{}
		k.locks[key] = e
	}
	e.waiters++
	k.mu.Unlock()
	release := func() {
		k.mu.Lock()
		if e.waiters--; e.waiters == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
	select {
	case <-e.token:
		return func() { e.token <- struct{}{}; release() }, nil
	case <-ctx.Done():
		release()
		return nil, ctx.Err()
	}
}

package ingest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fakeCommits records the groups a committer commits; a group holding a
// write of namespace "bad" fails.
type fakeCommits struct {
	mu     sync.Mutex
	groups [][]string // namespaces of each commit's writes
}

var errBad = errors.New("bad write")

func (f *fakeCommits) commit(_ context.Context, ws []*write) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	var g []string
	for _, w := range ws {
		g = append(g, w.ns)
	}
	f.groups = append(f.groups, g)
	for _, w := range ws {
		if w.ns == "bad" {
			return errBad
		}
	}
	return nil
}

func (f *fakeCommits) calls() [][]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.groups
}

// occupy takes every slot of c, as group commits in flight would, and
// returns the function that frees one.
func occupy(c *committer) func() {
	for range cap(c.slots) {
		c.slots <- struct{}{}
	}
	return func() { <-c.slots }
}

// submitAll submits a write per namespace, in order, each once the one
// before it is queued, and returns their errors when all are done.
func submitAll(t *testing.T, ctx context.Context, c *committer, nss ...string) func() []error {
	t.Helper()
	errs := make([]error, len(nss))
	var wg sync.WaitGroup
	for i, ns := range nss {
		wg.Go(func() { errs[i] = c.submit(ctx, newWrite(ns, nil, "", nil, nil)) })
		waitQueued(t, c, i+1)
	}
	return func() []error { wg.Wait(); return errs }
}

func waitQueued(t *testing.T, c *committer, n int) {
	t.Helper()
	require.Eventually(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return len(c.queue) == n
	}, 5*time.Second, time.Millisecond)
}

func TestCommitterCommitsAloneWhenIdle(t *testing.T) {
	t.Parallel()
	f := &fakeCommits{}
	c := newCommitter(2, 64, f.commit)
	for _, ns := range []string{"a", "b"} {
		require.NoError(t, c.submit(context.Background(), newWrite(ns, nil, "", nil, nil)))
	}
	require.Equal(t, [][]string{{"a"}, {"b"}}, f.calls(), "no write waits for company")
}

func TestCommitterGroupsWritesQueuedWhileTheSlotsAreBusy(t *testing.T) {
	t.Parallel()
	f := &fakeCommits{}
	c := newCommitter(2, 64, f.commit)
	free := occupy(c)
	wait := submitAll(t, context.Background(), c, "a", "b", "c", "d")
	free()
	require.Equal(t, []error{nil, nil, nil, nil}, wait())
	require.Equal(t, [][]string{{"a", "b", "c", "d"}}, f.calls(), "one transaction, in arrival order")
	free()
}

func TestCommitterCapsAGroup(t *testing.T) {
	t.Parallel()
	f := &fakeCommits{}
	c := newCommitter(1, 2, f.commit)
	free := occupy(c)
	wait := submitAll(t, context.Background(), c, "a", "b", "c", "d", "e")
	free()
	require.Equal(t, make([]error, 5), wait())
	require.Equal(t, [][]string{{"a", "b"}, {"c", "d"}, {"e"}}, f.calls())
}

func TestCommitterCommitsEachAloneWhenTheGroupFails(t *testing.T) {
	t.Parallel()
	f := &fakeCommits{}
	c := newCommitter(1, 64, f.commit)
	free := occupy(c)
	wait := submitAll(t, context.Background(), c, "a", "bad", "c")
	free()
	require.Equal(t, []error{nil, errBad, nil}, wait(), "only the bad write fails")
	require.Equal(t, [][]string{{"a", "bad", "c"}, {"a"}, {"bad"}, {"c"}}, f.calls())
}

func TestCommitterWithdrawsAWaitingWriteWhoseCallerGoes(t *testing.T) {
	t.Parallel()
	f := &fakeCommits{}
	c := newCommitter(1, 64, f.commit)
	free := occupy(c)
	ctx, cancel := context.WithCancel(context.Background())
	wait := submitAll(t, ctx, c, "gone")
	cancel()
	require.Equal(t, []error{context.Canceled}, wait())
	waitQueued(t, c, 0)
	free()
	require.NoError(t, c.submit(context.Background(), newWrite("next", nil, "", nil, nil)))
	require.Equal(t, [][]string{{"next"}}, f.calls(), "the withdrawn write is never committed")
}

// A group's transaction outlives the caller that runs it when that caller
// goes, but not that caller's deadline.
func TestGroupContextKeepsTheDeadlineNotTheCancellation(t *testing.T) {
	t.Parallel()
	deadline := time.Now().Add(time.Hour)
	caller, cancel := context.WithDeadline(context.Background(), deadline)
	g, release := groupContext(caller)
	defer release()
	cancel()
	require.NoError(t, g.Err(), "the caller going does not end the group")
	d, ok := g.Deadline()
	require.True(t, ok)
	require.Equal(t, deadline, d)

	g, release = groupContext(context.Background())
	defer release()
	_, ok = g.Deadline()
	require.False(t, ok)
}

package memswitch_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/memswitch"
)

func TestDecide(t *testing.T) {
	t.Parallel()
	const d = memswitch.DefaultDelta
	tests := []struct {
		name          string
		off           bool
		with, without float64
		wantOff       bool
	}{
		{"memory helps", false, 0.8, 0.5, false},
		{"a drop of δ is tolerated", false, 0.45, 0.5, false},
		{"a drop of more than δ engages", false, 0.40, 0.5, true},
		{"off while memory only ties", true, 0.5, 0.5, true},
		{"off while memory is below", true, 0.48, 0.5, true},
		{"released once memory beats the baseline", true, 0.55, 0.5, false},
	}
	for _, tt := range tests {
		require.Equal(t, tt.wantOff, memswitch.Decide(tt.off, tt.with, tt.without, d), tt.name)
	}
}

// TestSwitchEngagesAndReleases: the store records a task type's switch
// from successive evaluations, engaging it when memory hurts by more than
// δ and releasing it only when a later evaluation beats the baseline; the
// other task type and namespace are untouched.
func TestSwitchEngagesAndReleases(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := memswitch.NewStore(testenv.Postgres(t))
	ns, other := testenv.Namespace(t), testenv.Namespace(t)
	run := evokg.NewID()
	record := func(k int, with float64) evokg.MemorySwitch {
		t.Helper()
		st, err := s.Record(ctx, ns, evokg.MemorySwitch{TaskType: "glyph", WithMemory: with, WithoutMemory: 0.5,
			Delta: memswitch.DefaultDelta, RunID: run, Iteration: k})
		require.NoError(t, err)
		return st
	}
	off := func(ns, taskType string) bool {
		t.Helper()
		v, err := s.Off(ctx, ns, taskType)
		require.NoError(t, err)
		return v
	}

	require.False(t, record(1, 0.5).Off, "memory that ties the baseline stays on")
	require.False(t, off(ns, "glyph"))

	engaged := record(2, 0.25)
	require.True(t, engaged.Off, "a drop of 0.25 > δ switches memory off")
	require.True(t, off(ns, "glyph"))
	require.False(t, off(ns, "arith"), "only that task type")
	require.False(t, off(other, "glyph"), "only that namespace")

	held := record(3, 0.5)
	require.True(t, held.Off, "a tie does not release it")
	require.Equal(t, engaged.ChangedAt, held.ChangedAt, "still off since iteration 2")

	released := record(4, 0.75)
	require.False(t, released.Off, "beating the baseline releases it")
	require.True(t, released.ChangedAt.After(engaged.ChangedAt))
	require.False(t, off(ns, "glyph"))

	list, err := s.List(ctx, ns)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, evokg.MemorySwitch{TaskType: "glyph", Off: false, WithMemory: 0.75, WithoutMemory: 0.5,
		Delta: memswitch.DefaultDelta, RunID: run, Iteration: 4, ChangedAt: released.ChangedAt, UpdatedAt: released.UpdatedAt}, list[0])
}

package utility_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/memswitch"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/utility"
)

func TestUtilityScoreAndWilsonBound(t *testing.T) {
	t.Parallel()
	require.InDelta(t, 0.5, evokg.UtilityScore(0, 0, 0, 0), 1e-12, "no evidence")
	// ACE's helpful/harmful counters, Laplace-smoothed: 6 right shown + 1
	// helped replay against 1 wrong shown + 2 hurt replays: (7+1)/(10+2).
	require.InDelta(t, 8.0/12, evokg.UtilityScore(6, 1, 1, 2), 1e-12)
	// Wilson 95% upper bound, z = 1.96: 0 of 8 → 0.3244, 4 of 8 → 0.7848,
	// 8 of 8 → 1.
	require.InDelta(t, 0.3244, evokg.WilsonUpper(0, 8), 1e-4)
	require.InDelta(t, 0.7848, evokg.WilsonUpper(4, 8), 1e-4)
	require.InDelta(t, 1, evokg.WilsonUpper(8, 8), 1e-12)
	require.InDelta(t, 1, evokg.WilsonUpper(0, 0), 1e-12, "no evidence bounds nothing")
}

type fixture struct {
	memtest.Bundle
	store *utility.Store
	ret   *retrieval.Retriever
}

func setup(t *testing.T, policy utility.Policy) fixture {
	t.Helper()
	b := memtest.Setup(t)
	return fixture{Bundle: b, store: utility.NewStore(b.Pool, b.Store, nil, policy),
		ret: retrieval.New(retrieval.Config{}, b.Store, nil, nil, nil)}
}

// credit applies n rewards to one memory, as the reward stream does.
func (f fixture) credit(t *testing.T, id uuid.UUID, right bool, n int) []uuid.UUID {
	t.Helper()
	var out []uuid.UUID
	for range n {
		err := pgx.BeginFunc(context.Background(), f.Pool, func(tx pgx.Tx) error {
			q, err := f.store.CreditTx(context.Background(), tx, f.NS, []uuid.UUID{id}, right)
			out = append(out, q...)
			return err
		})
		require.NoError(t, err)
	}
	return out
}

func (f fixture) pack(t *testing.T) *retrieval.Pack {
	t.Helper()
	p, err := f.ret.Retrieve(context.Background(), retrieval.Request{Namespace: f.NS, TaskType: "arithmetic",
		Question: "q", Embedding: memtest.Unit(0)})
	require.NoError(t, err)
	return p
}

// TestUtilityRanksWithinAPack: two successes equally similar to the
// question; the one the learner keeps getting wrong with falls behind the
// one it keeps getting right with, by ζ·(u_b − u_a), visible in the parts.
func TestUtilityRanksWithinAPack(t *testing.T) {
	t.Parallel()
	f := setup(t, utility.Policy{Off: true})
	hurts := f.Insert(t, memtest.Memory{Question: "hurts", Vec: memtest.Tilt(0, 1, 0.9)})
	helps := f.Insert(t, memtest.Memory{Question: "helps", Vec: memtest.Tilt(0, 2, 0.9)})
	for _, it := range f.pack(t).Successes {
		require.Zero(t, it.Parts.Utility, "no evidence yet: utility adds nothing")
	}

	require.Empty(t, f.credit(t, hurts.ID, false, 6))
	require.Empty(t, f.credit(t, helps.ID, true, 6))
	p := f.pack(t)
	require.Len(t, p.Successes, 2)
	top, second := p.Successes[0], p.Successes[1]
	require.Equal(t, helps.ID, top.ID, "the memory that helps ranks first")
	require.InDelta(t, 7.0/8-0.5, top.Parts.Utility, 1e-12)
	require.InDelta(t, 1.0/8-0.5, second.Parts.Utility, 1e-12)
	require.InDelta(t, 0.20*(7.0/8-1.0/8), top.Score-second.Score, 1e-3, "the rest differs only by recency (written a moment apart)")
	require.Equal(t, int64(6), top.Utility.ShownRight)
	require.Equal(t, int64(6), second.Utility.ShownWrong)
	require.Equal(t, evokg.MemoryActive, second.State, "Policy.Off: counted, never quarantined")
}

// TestLiveEvidenceQuarantines: the learner's accuracy without memory on the
// task type is 0.6 (the memory switch's baseline); a memory right in 0 of 8
// answers that showed it (Wilson upper bound 0.32) is quarantined at the
// eighth, one right in 4 of 8 (0.78) stays.
func TestLiveEvidenceQuarantines(t *testing.T) {
	t.Parallel()
	f := setup(t, utility.Policy{})
	ctx := context.Background()
	_, err := memswitch.NewStore(f.Pool).Record(ctx, f.NS, evokg.MemorySwitch{TaskType: "arithmetic", WithMemory: 0.4,
		WithoutMemory: 0.6, Delta: memswitch.DefaultDelta, RunID: evokg.NewID(), Iteration: 1})
	require.NoError(t, err)
	bad := f.Insert(t, memtest.Memory{Question: "bad", Vec: memtest.Tilt(0, 1, 0.9)})
	mixed := f.Insert(t, memtest.Memory{Question: "mixed", Vec: memtest.Tilt(0, 2, 0.9)})

	require.Empty(t, f.credit(t, bad.ID, false, 7), "7 answers are not evidence enough (MinShown 8)")
	require.Equal(t, []uuid.UUID{bad.ID}, f.credit(t, bad.ID, false, 1))
	f.credit(t, mixed.ID, true, 4)
	require.Empty(t, f.credit(t, mixed.ID, false, 4))

	u, err := f.store.Get(ctx, f.NS, bad.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.MemoryQuarantined, u.State)
	require.Contains(t, u.Reason, "right in 0 of 8")
	require.Contains(t, u.Reason, "0.60 for the task type without memory")
	p := f.pack(t)
	require.Len(t, p.Successes, 1, "a quarantined memory never enters a pack")
	require.Equal(t, mixed.ID, p.Successes[0].ID)

	restored, err := f.store.Restore(ctx, f.NS, bad.ID, "checked by hand")
	require.NoError(t, err)
	require.Equal(t, evokg.MemoryActive, restored.State)
	require.Equal(t, int64(8), restored.ShownWrong, "the evidence is kept")
	require.Len(t, f.pack(t).Successes, 2, "restored, it is served again")
}

// TestDecideMarksServed: probation's verdicts set the state and the served
// mark in one transaction; an unknown memory is ENOTFOUND and nothing is
// written.
func TestDecideMarksServed(t *testing.T) {
	t.Parallel()
	f := setup(t, utility.Policy{})
	ctx := context.Background()
	m := f.Insert(t, memtest.Memory{Question: "m", Vec: memtest.Tilt(0, 1, 0.9)})
	require.NoError(t, f.store.Decide(ctx, f.NS, utility.StateDecision{ID: m.ID, State: evokg.MemoryProbationary, Reason: "wait"}))
	require.Empty(t, f.pack(t).Successes, "probationary: not served")
	list, err := f.store.List(ctx, f.NS, evokg.UtilityFilter{State: evokg.MemoryProbationary})
	require.NoError(t, err)
	require.Len(t, list.Items, 1)

	err = f.store.Decide(ctx, f.NS, utility.StateDecision{ID: m.ID, State: evokg.MemoryActive, Reason: "probation", Helped: 2, Tied: 1},
		utility.StateDecision{ID: evokg.NewID(), State: evokg.MemoryQuarantined})
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
	require.Empty(t, f.pack(t).Successes, "the failed decision wrote nothing")

	require.NoError(t, f.store.Decide(ctx, f.NS, utility.StateDecision{ID: m.ID, State: evokg.MemoryActive, Reason: "probation", Helped: 2, Tied: 1}))
	p := f.pack(t)
	require.Len(t, p.Successes, 1)
	require.Equal(t, int64(2), p.Successes[0].Utility.Helped)
	require.InDelta(t, 3.0/4, p.Successes[0].Utility.Score, 1e-12)
}

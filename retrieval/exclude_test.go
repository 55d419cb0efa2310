package retrieval_test

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/retrieval"
)

// Excluded memories are left out of every list, and each channel's top K
// is filled without them: three memories closer than every other, left
// out, leave the pack the three next ones.
func TestRetrieveExcludeFillsTheTopKWithoutThem(t *testing.T) {
	t.Parallel()
	b := setup(t)
	succ, fail := seedSlice(t, b)
	var own []uuid.UUID
	for i, cos := range []float64{0.99, 0.98, 0.97} {
		own = append(own, b.Insert(t, expOpts{Question: "own " + string(rune('A'+i)), Vec: tilt(0, 30+i, cos)}).ID)
	}
	own = append(own, b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific,
		Content: "own correction", Vec: tilt(0, 40, 0.99)}).ID)
	r := retrieval.New(retrieval.Config{Mode: retrieval.ModeAPEX}, b.Store, nil, nil, testenv.Logger(t))
	req := retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0)}

	pack, err := r.Retrieve(t.Context(), req)
	require.NoError(t, err)
	require.Equal(t, own[:3], itemIDs(pack.Successes))

	req.Exclude = own
	pack, err = r.Retrieve(t.Context(), req)
	require.NoError(t, err)
	require.Equal(t, []uuid.UUID{succ[0].ID, succ[1].ID, succ[2].ID}, itemIDs(pack.Successes))
	require.Equal(t, []uuid.UUID{fail[0].ID, fail[1].ID}, itemIDs(pack.Failures))
	for _, id := range own {
		require.NotContains(t, pack.Shown, id)
	}
}

// A memory a probation replay includes is shown beside the allocation:
// the pack still holds every memory it holds without it.
func TestRetrieveIncludedMemorySitsBesideTheAllocation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	succ, fail := seedSlice(t, b)
	far := b.Insert(t, expOpts{Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific, Content: "on trial", Vec: tilt(0, 50, 0.1)})
	r := retrieval.New(retrieval.Config{}, b.Store, nil, nil, testenv.Logger(t))
	req := retrieval.Request{Namespace: b.NS, TaskType: "arithmetic", Question: "q", Embedding: unit(0), Include: []uuid.UUID{far.ID}}
	pack, err := r.Retrieve(t.Context(), req)
	require.NoError(t, err)
	require.Equal(t, retrieval.Allocation{Successes: 2, Failures: 1}, pack.Allocation)
	require.Equal(t, []uuid.UUID{far.ID, fail[0].ID}, itemIDs(pack.Failures), "first, and beside the served one")
	require.Equal(t, []uuid.UUID{succ[0].ID, succ[1].ID}, itemIDs(pack.Successes))
}

package experiment

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The 95% Wilson score interval, against values computed by hand:
// 11 of 60 → [0.1056, 0.2992]; 0 of 20 → [0, 0.1611]; 20 of 20 → [0.8389, 1].
func TestWilson(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		k, n     int
		low, top float64
	}{{11, 60, 0.1056, 0.2992}, {0, 20, 0, 0.1611}, {20, 20, 0.8389, 1}} {
		got := Wilson(c.k, c.n)
		require.InDelta(t, c.low, got[0], 5e-5, "%d/%d", c.k, c.n)
		require.InDelta(t, c.top, got[1], 5e-5, "%d/%d", c.k, c.n)
	}
	require.Equal(t, Interval{}, Wilson(0, 0))
}

// Each arm's accuracy and the pairwise share of items whose memory differs;
// the third item has no memory under any arm: its task type's memory
// switch is off.
func TestArmsReport(t *testing.T) {
	t.Parallel()
	got := [][]armAnswer{
		{{correct: true, memory: "a", shown: 2, calls: 1}, {memory: "b", shown: 1, calls: 1}, {calls: 1, off: true}, {correct: true, memory: "d", shown: 3, calls: 1}},
		{{correct: true, memory: "a", shown: 2, calls: 2}, {memory: "B", shown: 1, calls: 2}, {calls: 2, off: true}, {memory: "d", shown: 3, calls: 2}},
		{{memory: "x", calls: 1}, {memory: "y", calls: 1}, {calls: 1, off: true}, {memory: "z", calls: 1}},
	}
	r := armsReport("ns", []string{"semantic", "lexical", "cascade"}, got)
	require.Equal(t, 4, r.Items)
	require.Equal(t, 2, r.Arms[0].Correct)
	require.InDelta(t, 0.5, r.Arms[0].Accuracy, 1e-12)
	require.InDelta(t, 1.5, r.Arms[0].Memories, 1e-12)
	require.Equal(t, 8, r.Arms[1].LearnerCalls)
	require.Equal(t, []ArmPair{{A: "semantic", B: "lexical", Differ: 1, Rate: 0.25, WithMemory: 3},
		{A: "semantic", B: "cascade", Differ: 3, Rate: 0.75, WithMemory: 3}, {A: "lexical", B: "cascade", Differ: 3, Rate: 0.75, WithMemory: 3}}, r.Pairs)
	require.InDelta(t, 0.25, r.MinPairRate, 1e-12)
	require.Equal(t, 1, r.SwitchedOff)
}

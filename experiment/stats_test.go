package experiment_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/experiment"
)

func TestPairedBootstrap(t *testing.T) {
	t.Parallel()
	same := make([]float64, 40)
	require.Equal(t, experiment.Interval{0, 0}, experiment.PairedBootstrap(same, 2000, 1), "no difference, no spread")

	// 12 of 40 items gained, 2 lost: mean +0.25.
	var diffs []float64
	for i := range 40 {
		switch {
		case i < 12:
			diffs = append(diffs, 1)
		case i < 14:
			diffs = append(diffs, -1)
		default:
			diffs = append(diffs, 0)
		}
	}
	ci := experiment.PairedBootstrap(diffs, 10000, 7)
	require.Less(t, ci[0], 0.25)
	require.Greater(t, ci[1], 0.25)
	require.Greater(t, ci[0], 0.0, "a clear gain excludes zero")
	require.InDelta(t, 0.25, (ci[0]+ci[1])/2, 0.03)
	require.Equal(t, ci, experiment.PairedBootstrap(diffs, 10000, 7), "seeded")

	require.Less(t, experiment.PairedBootstrap([]float64{1, -1, 0, 0}, 2000, 3)[0], 0.0, "a wash includes zero")
}

func TestMcNemar(t *testing.T) {
	t.Parallel()
	require.Equal(t, experiment.McNemar{P: 1}, experiment.NewMcNemar(0, 0))
	require.InDelta(t, 1.0, experiment.NewMcNemar(3, 3).P, 1e-12)
	// Exact: 2·P(X ≤ 1), X ~ Bin(10, 1/2) = 2·11/1024.
	m := experiment.NewMcNemar(9, 1)
	require.Equal(t, 9, m.Better)
	require.InDelta(t, 22.0/1024, m.P, 1e-12)
	require.InDelta(t, m.P, experiment.NewMcNemar(1, 9).P, 1e-12, "two-sided")
}

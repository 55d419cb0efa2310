package experiment

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// The routing-only arm splits the difference: with memory 3/4, routing
// alone 2/4, neither 1/4 gives Δ +0.5, of which memory adds +0.25.
func TestSummarizeSplitsMemoryFromRouting(t *testing.T) {
	t.Parallel()
	items := []ItemResult{
		{ID: "a", TaskType: "x", WithMemory: true, RoutingOnly: true, WithoutMemory: true},
		{ID: "b", TaskType: "x", WithMemory: true, RoutingOnly: true},
		{ID: "c", TaskType: "y", WithMemory: true},
		{ID: "d", TaskType: "y"},
	}
	r := summarize(Config{Pool: "digits", Resamples: 1000}, []SeedResult{{Seed: 1, Items: items}}, 0)
	require.Equal(t, Arm{Correct: 3, Total: 4, Accuracy: 0.75}, r.WithMemory)
	require.Equal(t, Arm{Correct: 2, Total: 4, Accuracy: 0.5}, r.RoutingOnly)
	require.Equal(t, Arm{Correct: 1, Total: 4, Accuracy: 0.25}, r.WithoutMemory)
	require.InDelta(t, 0.5, r.Delta, 1e-12)
	require.InDelta(t, 0.25, r.MemoryDelta, 1e-12)
	require.LessOrEqual(t, r.MemoryCI95[0], r.MemoryDelta)
	require.GreaterOrEqual(t, r.MemoryCI95[1], r.MemoryDelta)
	require.Equal(t, Arm{Correct: 1, Total: 2, Accuracy: 0.5}, r.ByTaskType["y"].WithMemory)
	require.Equal(t, Arm{Correct: 0, Total: 2, Accuracy: 0}, r.ByTaskType["y"].RoutingOnly)
	require.Equal(t, Arm{Correct: 2, Total: 2, Accuracy: 1}, r.ByTaskType["x"].RoutingOnly)
}

// The report names the task types whose declared checker the write gate
// applied, over every seed; none is an empty list.
func TestReportNamesCheckers(t *testing.T) {
	t.Parallel()
	r := summarize(Config{Pool: "inline", Resamples: 100}, []SeedResult{{Seed: 1, Checkers: []string{"b"}}, {Seed: 2, Checkers: []string{"a", "b"}}}, 0)
	require.Equal(t, []string{"a", "b"}, r.Checkers)
	r = summarize(Config{Pool: "glyph", Resamples: 100}, []SeedResult{{Seed: 1}}, 0)
	require.Equal(t, []string{}, r.Checkers)
}

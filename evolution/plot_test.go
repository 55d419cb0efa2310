package evolution_test

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
)

func sampleMetrics() []evolution.Metrics {
	return []evolution.Metrics{
		{Iteration: 1, Accuracy: 0.40, Test: evolution.SplitAccuracy{Accuracy: 0.35}, Memories: evolution.MemoryCounts{Success: 12, Failure: 9}},
		{Iteration: 2, Accuracy: 0.55, Test: evolution.SplitAccuracy{Accuracy: 0.50}, Memories: evolution.MemoryCounts{Success: 28, Failure: 17, Principles: 2}},
		{Iteration: 3, Accuracy: 0.48, Test: evolution.SplitAccuracy{Accuracy: 0.47}, Rollback: true, Memories: evolution.MemoryCounts{Success: 42, Failure: 25, Principles: 2}},
	}
}

func TestPlotSVG(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	require.NoError(t, evolution.Plot(sampleMetrics(), &buf, evolution.FormatSVG))
	svg := buf.String()
	require.True(t, strings.HasPrefix(strings.TrimSpace(svg), "<?xml") || strings.Contains(svg[:200], "<svg"))
	for _, want := range []string{"Accuracy per iteration", "Memory growth", "validation", "test", "success memories", "rollback (1)"} {
		require.Contains(t, svg, want)
	}
}

func TestPlotPNGAndErrors(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	require.NoError(t, evolution.Plot(sampleMetrics(), &buf, evolution.FormatPNG))
	img, err := png.Decode(&buf)
	require.NoError(t, err)
	require.Greater(t, img.Bounds().Dx(), 500)

	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(evolution.Plot(nil, &buf, evolution.FormatSVG)))
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(evolution.Plot(sampleMetrics(), &buf, "gif")))
}

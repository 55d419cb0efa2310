package assets_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/assets"
)

func calls(tool string, errs ...string) []evokg.ToolUse {
	out := make([]evokg.ToolUse, len(errs))
	for i, e := range errs {
		out[i] = evokg.ToolUse{Round: 1, Tool: tool, Input: raw(`{}`), Error: e}
		if e == "" {
			out[i].Output = raw(`1`)
		}
	}
	return out
}

// The retirement rule over the real store: errors are judged failed at
// once, completed calls when their answer is graded; the tool is retired
// when at least RetireJudged calls were judged and the failed share
// reaches RetireShare, then never recruited; restoring it, or a new
// validated version, brings it back with the rule's counts at zero.
func TestToolsAreRetiredByTheRuleAndRestored(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{RetireJudged: 4, RetireShare: 0.5})
	_, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	recruited := func() int {
		tools, err := b.svc.RecruitTools(b.ctx, b.ns, "add two numbers a and b", 5)
		require.NoError(t, err)
		return len(tools)
	}
	require.Equal(t, 1, recruited())

	require.NoError(t, b.svc.RecordToolCall(b.ctx, b.ns, "add_numbers", evokg.ToolCallLimited))
	for range 2 {
		require.NoError(t, b.svc.RecordToolCall(b.ctx, b.ns, "add_numbers", evokg.ToolCallCompleted))
	}
	retired, err := b.svc.GradeToolCalls(b.ctx, b.ns, calls("add_numbers", "", "the time limit stopped add_numbers"), true)
	require.NoError(t, err)
	require.Empty(t, retired, "3 judged, 1 failed")
	tool, err := b.svc.Tool(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	require.Equal(t, evokg.ToolStats{Calls: 3, Completed: 2, Errors: 1, Limited: 1, GradedRight: 2, Judged: 2, JudgedFailed: 1,
		LastCalledAt: tool.Stats.LastCalledAt}, tool.Stats)

	retired, err = b.svc.GradeToolCalls(b.ctx, b.ns, calls("add_numbers", "", "", "x"), false)
	require.NoError(t, err)
	require.Equal(t, []string{"add_numbers"}, retired, "4 judged, 3 failed")
	tool, err = b.svc.Tool(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	require.Equal(t, evokg.ToolRetired, tool.State)
	require.Equal(t, "3 of its 4 judged calls failed (the rule: at least 4 judged calls, a failed share of at least 0.5)", tool.Stats.RetiredReason)
	require.Zero(t, recruited(), "a retired tool is never recruited")
	listed, err := b.svc.ListTools(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, listed, 1, "but kept and listed")

	tool, err = b.svc.RestoreTool(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	require.Equal(t, evokg.ToolActive, tool.State)
	require.Zero(t, tool.Stats.Judged)
	require.Equal(t, 1, recruited())

	// Retired again, then a new validated version restores it.
	for range 4 {
		require.NoError(t, b.svc.RecordToolCall(b.ctx, b.ns, "add_numbers", evokg.ToolCallError))
	}
	require.Zero(t, recruited())
	next, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	require.Equal(t, evokg.ToolActive, next.State)
	require.EqualValues(t, 7, next.Stats.Calls, "the statistics span the versions")
	require.Equal(t, 1, recruited())

	_, err = b.svc.RestoreTool(b.ctx, b.ns, "missing")
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
}

// Concurrent calls are all counted: each update is one atomic statement.
func TestConcurrentToolCallsAreAllCounted(t *testing.T) {
	t.Parallel()
	b := setup(t, assets.Config{})
	_, err := b.svc.CreateTool(b.ctx, b.ns, addSpec())
	require.NoError(t, err)
	var wg sync.WaitGroup
	for range 20 {
		wg.Go(func() {
			require.NoError(t, b.svc.RecordToolCall(b.ctx, b.ns, "add_numbers", evokg.ToolCallCompleted))
		})
	}
	wg.Wait()
	tool, err := b.svc.Tool(b.ctx, b.ns, "add_numbers")
	require.NoError(t, err)
	require.EqualValues(t, 20, tool.Stats.Calls)
	require.EqualValues(t, 20, tool.Stats.Completed)
}

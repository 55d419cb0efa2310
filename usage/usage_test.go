package usage_test

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/usage"
)

// Usage names the model each call was made to, not the model configured
// now: a namespace whose learner changed model has one row per model.
func TestUsageRowsNameTheModelOfTheirCalls(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ns := testenv.Namespace(t)
	rec := usage.NewRecorder(testenv.Postgres(t), prometheus.NewRegistry())
	for _, model := range []string{"llama3.1:8b", "llama3.1:8b", "qwen3:8b"} {
		require.NoError(t, rec.Record(ctx, llm.CallRecord{ID: evokg.NewID(), Namespace: ns, Role: llm.RoleLearner,
			Layer: llm.LayerLearner, Model: model, PromptTokens: 10, ReplyTokens: 2, Duration: time.Millisecond,
			Outcome: llm.OutcomeOK, CreatedAt: evokg.Now()}))
	}
	u, err := rec.Summary(ctx, ns, "")
	require.NoError(t, err)
	require.Equal(t, 3, u.Learner)
	require.Len(t, u.ByRole, 2)
	got := map[string]int{}
	for _, r := range u.ByRole {
		require.Equal(t, llm.RoleLearner, r.Role)
		got[r.Model] = r.Calls
	}
	require.Equal(t, map[string]int{"llama3.1:8b": 2, "qwen3:8b": 1}, got)
}

package evolution

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

// failureSetup is the e2e setup over items, whose learner script answers
// as in the three-iteration test.
func failureSetup(t *testing.T, items []questions.Item) e2e {
	t.Helper()
	learner := &learnerScript{perIter: len(items), gold: map[string]questions.Item{}, question: regexp.MustCompile(`(?m)^Question: (.+)\s*$`)}
	for _, it := range items {
		learner.gold[it.Question] = it
	}
	return setupE2E(t, learner)
}

// A reply that stays invalid after its repairs fails its item or step,
// never the run: the item counts as wrong, and the iteration's metrics
// count and list every failure with its reason.
func TestInvalidRepliesFailItemsNotTheRun(t *testing.T) {
	t.Parallel()
	items := e2eItems()[:20:20]
	e := failureSetup(t, items)
	broken := items[0]
	e.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		switch {
		case v.Task == "answer" && strings.Contains(v.Text(), broken.Question):
			return `{"reasoning":"none","answer":""}`, true // minLength 1: invalid, no coercion fixes it
		case v.Task == "critique":
			return `{"task_types":[{"task_type":"","score":7,"notes":"x"}]}`, true
		case v.Task == "plan_frontier":
			return `not json`, true
		}
		return "", false
	})
	params := Params{Namespace: e.ns, Iterations: 1, Concurrency: 4, Pool: questions.PoolSpec{Name: "inline", Items: items, Validation: 0.125, Test: 0.125}}
	res, err := RunLocal(e.ctx, e.engine, params, nil)
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, res.Run.Status)
	require.Len(t, res.Metrics, 1)
	m := res.Metrics[0]
	phases := map[string]ItemFailure{}
	brokenIn := map[string]bool{}
	for _, f := range m.Failed {
		phases[f.Phase] = f
		brokenIn[f.Phase] = brokenIn[f.Phase] || f.Item == broken.ID
	}
	require.Contains(t, phases, "critic")
	require.Contains(t, phases["critic"].Reason, "critic reply of model qwen3:8b")
	require.Contains(t, phases["critic"].Reason, "after 3 attempts")
	require.True(t, brokenIn["evaluate"] || brokenIn["validation"] || brokenIn["test"], "the broken item failed alone: %v", m.Failed)
	require.Equal(t, m.FailedItems, len(m.Failed))
	require.GreaterOrEqual(t, m.InvalidReplies, 2)
	if len(m.Frontier) > 0 {
		require.Contains(t, phases, "navigate")
	}
	require.Equal(t, 3, e.fake.CountTask("critique"), "the critic's reply was sent back twice for repair")
}

// A run that fails records where and why, not "internal error".
func TestFailedRunRecordsTheReason(t *testing.T) {
	t.Parallel()
	items := e2eItems()[:8:8]
	e := failureSetup(t, items)
	e.fake.SetModels("llama3.1:8b", "nomic-embed-text") // the teacher model is missing
	params := Params{Namespace: e.ns, Iterations: 1, Pool: questions.PoolSpec{Name: "inline", Items: items, Validation: 0.125, Test: 0.125}}
	res, err := RunLocal(e.ctx, e.engine, params, nil)
	require.Error(t, err)
	require.Equal(t, evokg.RunFailed, res.Run.Status)
	require.True(t, strings.HasPrefix(res.Run.Error, "phase 0: "), res.Run.Error)
	require.Contains(t, res.Run.Error, "model qwen3:8b not found on Ollama server")
	got, err := e.engine.Get(e.ctx, e.ns, res.Run.ID)
	require.NoError(t, err)
	require.Equal(t, res.Run.Error, got.Run.Error)
}

package evolution

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/hygiene"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
)

// TestWriteGateKeepsWrongCorrectionsOut: a teacher whose corrections state
// an answer other than the gold one writes nothing into memory; every
// refused correction is counted and listed with its reason in the
// iteration's metrics, and the learner's right answers are still harvested.
func TestWriteGateKeepsWrongCorrectionsOut(t *testing.T) {
	t.Parallel()
	items := e2eItems()
	learner := scriptedLearner(items)
	e := setupE2EOn(t, learner.reply, testenv.Postgres(t))
	e.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) { // tried first
		if v.Task == "write_failure_memory" {
			return `{"content":"CORRECTION: count the rows twice; the answer is 94.","steps":["30 + 34 = 94"]}`, true
		}
		return "", false
	})
	params := Params{Namespace: e.ns, Iterations: 1, MaxFailuresPerType: 3, Concurrency: 4,
		Pool: PoolSpec{Name: "inline", Items: items, HeldOut: 0.25}}.WithDefaults()
	run := &Run{ID: evokg.NewID(), Namespace: e.ns, Status: StatusQueued, Params: params}
	require.NoError(t, e.engine.store.insertRun(e.ctx, run))
	require.NoError(t, e.engine.Run(e.ctx, run, nil))
	m, err := e.engine.store.metrics(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Len(t, m, 1)

	require.Zero(t, m[0].Failures, "no correction was committed")
	require.Zero(t, m[0].Memories.Failure)
	require.Positive(t, m[0].Harvested, "right answers are still harvested")
	require.EqualValues(t, m[0].Harvested, m[0].Memories.Success)
	require.Equal(t, len(m[0].Rejections), m[0].Rejected)
	require.Equal(t, 2*(1+3), m[0].Rejected, "a type strategy and MaxFailuresPerType specific corrections for each of the two failing types, no more attempts")
	for _, rj := range m[0].Rejections {
		require.Equal(t, hygiene.KindCorrection, rj.Kind)
		require.True(t, strings.HasPrefix(rj.Reason, "false arithmetic: 30 + 34 = 94") ||
			strings.HasPrefix(rj.Reason, "contradicts the gold answer"), rj.Reason)
	}
}

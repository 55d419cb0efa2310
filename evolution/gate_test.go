package evolution

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/writegate"
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
		Pool: questions.PoolSpec{Name: "inline", Items: items, Validation: 0.125, Test: 0.125}}.WithDefaults()
	run := newRun(params)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))
	require.NoError(t, e.engine.Run(e.ctx, run.ID, params, nil))
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
		require.Equal(t, writegate.KindCorrection, rj.Kind)
		require.True(t, strings.HasPrefix(rj.Reason, "false arithmetic: 30 + 34 = 94") ||
			strings.HasPrefix(rj.Reason, "contradicts the gold answer"), rj.Reason)
	}
}

// TestWriteGateChecksThePoolsRule: on the glyph pool a teacher whose
// corrections state a made-up operator's result wrongly ("1 ★ 1 = 4"; the
// rule gives 3) commits none of them, each refused with the rule's value;
// the same items loaded as an inline pool (no rule to check) commit them.
func TestWriteGateChecksThePoolsRule(t *testing.T) {
	t.Parallel()
	items, err := questions.GenerateGlyph(8, 1)
	require.NoError(t, err)
	for _, p := range []questions.PoolSpec{{Name: questions.Glyph, Size: 8, Seed: 1, Validation: 0.125, Test: 0.125}, {Name: "inline", Items: items, Seed: 1, Validation: 0.125, Test: 0.125}} {
		wrongLearner := func(v ollamafake.ChatRequestView) (string, bool) {
			return `{"reasoning":"a guess","answer":"0"}`, v.Task == "answer"
		}
		e := setupE2EOn(t, wrongLearner, testenv.Postgres(t))
		e.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
			if v.Task == "write_failure_memory" {
				return `{"content":"Double the first number and add the second, as in the example.","steps":["1 ★ 1 = 4"]}`, true
			}
			return "", false
		})
		params := Params{Namespace: e.ns, Iterations: 1, MaxFailuresPerType: 1, Concurrency: 4, Pool: p}.WithDefaults()
		run := newRun(params)
		require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))
		require.NoError(t, e.engine.Run(e.ctx, run.ID, params, nil))
		m, err := e.engine.store.metrics(e.ctx, e.ns, run.ID)
		require.NoError(t, err)
		require.Len(t, m, 1)
		if p.Name == "inline" {
			require.Positive(t, m[0].Memories.Failure, "without the rule the type strategies are committed")
			continue
		}
		require.Zero(t, m[0].Memories.Failure, "no correction was committed")
		ruled := 0
		for _, rj := range m[0].Rejections {
			if rj.Kind == writegate.KindCorrection {
				require.Equal(t, "contradicts the pool's rule: 1 ★ 1 is 3, not 4", rj.Reason)
				ruled++
			}
		}
		require.Positive(t, ruled)
	}
}

// TestWriteGateChecksAPrinciplesOwnText: a principle whose statement has
// no words ("11 ∘ 20", seen on SmolLM2-135M) is refused although the
// "(applies when: …)" wrapper would give the whole text letters enough;
// the same run with a worded principle commits it.
func TestWriteGateChecksAPrinciplesOwnText(t *testing.T) {
	t.Parallel()
	for _, text := range []string{"11 ∘ 20", "Totals of rows are products"} {
		items := e2eItems()
		e := setupE2EOn(t, scriptedLearner(items).reply, testenv.Postgres(t))
		e.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
			if v.Task == "extract_principles" {
				return fmt.Sprintf(`{"principles":[{"text":%q,"applies_when":"the question asks for a total"}]}`, text), true
			}
			return "", false
		})
		params := Params{Namespace: e.ns, Iterations: 1, MaxFailuresPerType: 1, Concurrency: 4,
			Pool: questions.PoolSpec{Name: "inline", Items: items, Validation: 0.125, Test: 0.125}}.WithDefaults()
		run := newRun(params)
		require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))
		require.NoError(t, e.engine.Run(e.ctx, run.ID, params, nil))
		m, err := e.engine.store.metrics(e.ctx, e.ns, run.ID)
		require.NoError(t, err)
		require.Len(t, m, 1)
		var refused []string
		for _, rj := range m[0].Rejections {
			if rj.Kind == writegate.KindPrinciple {
				refused = append(refused, rj.Reason)
			}
		}
		if text == "11 ∘ 20" {
			require.Zero(t, m[0].Memories.Principles, "no principle without words")
			require.NotEmpty(t, refused)
			for _, reason := range refused {
				require.Equal(t, "unparseable: 0 letters", reason)
			}
			continue
		}
		require.Positive(t, m[0].Memories.Principles, "a worded principle is committed")
		require.Empty(t, refused)
	}
}

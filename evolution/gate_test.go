package evolution

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
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

// TestGateDecisionsIgnoreThePoolsName: the glyph pool and the same items
// as an inline pool (a client's JSONL file) get identical write-gate
// decisions. Without a checker, none by default, both commit the
// corrections a teacher writes stating a made-up operator's result
// wrongly ("1 ★ 1 = 4"; the rule gives 3); with the checkers a client
// declares for the task types, both refuse each of them with the
// checker's value, and the metrics name the task types checked.
func TestGateDecisionsIgnoreThePoolsName(t *testing.T) {
	t.Parallel()
	items, err := questions.GenerateGlyph(8, 1)
	require.NoError(t, err)
	pools := []questions.PoolSpec{{Name: questions.Glyph, Size: 8, Seed: 1, Validation: 0.125, Test: 0.125},
		{Name: "inline", Items: items, Seed: 1, Validation: 0.125, Test: 0.125}}
	for _, declared := range []bool{false, true} {
		var decisions [][]string
		for _, p := range pools {
			m := gateRun(t, p, declared)
			decisions = append(decisions, gateDecisions(m))
			if !declared {
				require.Positive(t, m.Memories.Failure, "without a checker the corrections are committed")
				require.Empty(t, m.Checkers)
				continue
			}
			require.Zero(t, m.Memories.Failure, "no correction was committed")
			require.Equal(t, []string{questions.RingOp, questions.StarOp, questions.TildeOp, questions.ZorpUnits}, m.Checkers)
			ruled := 0
			for _, rj := range m.Rejections {
				if rj.Kind == writegate.KindCorrection {
					require.Equal(t, "contradicts the checker of star_operator: 1 ★ 1 is 3, not 4", rj.Reason)
					ruled++
				}
			}
			require.Positive(t, ruled)
		}
		require.Equal(t, decisions[0], decisions[1], "the same gate decisions on the glyph pool and on its items inline (checkers declared: %v)", declared)
	}
}

// TestCheckerRefusesAWrongGold: an inline pool whose gold answer is not
// the value its task type's declared checker gives for its question is
// refused before the run learns anything, naming the item.
func TestCheckerRefusesAWrongGold(t *testing.T) {
	t.Parallel()
	items, err := questions.GenerateGlyph(8, 1)
	require.NoError(t, err)
	items[2].Answer += "1"
	e := setupE2EOn(t, scriptedLearner(items).reply, testenv.Postgres(t))
	declareCheckers(t, e)
	params := Params{Namespace: e.ns, Iterations: 1, Pool: questions.PoolSpec{Name: "inline", Items: items, Seed: 1, Validation: 0.125, Test: 0.125}}.WithDefaults()
	run := newRun(params)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))
	err = e.engine.Run(e.ctx, run.ID, params, nil)
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Len(t, de.Fields, 1)
	require.Equal(t, "/pool/items/2/answer", de.Fields[0].Pointer)
	require.Contains(t, de.Fields[0].Detail, "the checker of "+items[2].TaskType+" gives")
	m, err := e.engine.store.metrics(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Empty(t, m, "no iteration ran")
}

// gateRun runs one iteration on pool p with a learner always wrong and a
// teacher whose corrections state 1 ★ 1 = 4, with the checkers of
// ../writegate/testdata declared first when declared, and returns its
// metrics.
func gateRun(t *testing.T, p questions.PoolSpec, declared bool) Metrics {
	t.Helper()
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
	if declared {
		declareCheckers(t, e)
	}
	params := Params{Namespace: e.ns, Iterations: 1, MaxFailuresPerType: 1, Concurrency: 4, Pool: p}.WithDefaults()
	run := newRun(params)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))
	require.NoError(t, e.engine.Run(e.ctx, run.ID, params, nil))
	m, err := e.engine.store.metrics(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Len(t, m, 1)
	return m[0]
}

// gateDecisions are an iteration's write-gate decisions: each refusal
// with its item and reason, and the memories committed.
func gateDecisions(m Metrics) []string {
	out := []string{fmt.Sprintf("committed: %d successes, %d failures, %d principles", m.Memories.Success, m.Memories.Failure, m.Memories.Principles)}
	for _, rj := range m.Rejections {
		out = append(out, rj.Kind+" "+rj.Item+": "+rj.Reason)
	}
	slices.Sort(out[1:])
	return out
}

// declareCheckers declares the checkers of ../writegate/testdata (one
// file per task type) in e's namespace, as a client does.
func declareCheckers(t *testing.T, e e2e) {
	t.Helper()
	files, err := filepath.Glob("../writegate/testdata/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		var c evokg.Checker
		require.NoError(t, json.Unmarshal(raw, &c))
		_, err = e.graph.DeclareChecker(e.ctx, e.ns, strings.TrimSuffix(filepath.Base(f), ".json"), &c)
		require.NoError(t, err)
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

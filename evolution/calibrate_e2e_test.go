package evolution

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ollama/ollama/api"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/questions"
)

// formatLearner plays a learner that uses its memory only in one format:
// "block" (a memory block in the user message) or "turns" (worked examples
// as earlier assistant turns). Given memory in its format it answers right;
// otherwise wrong. Its reply follows the schema it is sent.
func formatLearner(format string) ollamafake.ScriptFunc {
	gold := map[string]string{}
	for _, it := range e2eItems() {
		gold[it.Question] = it.Answer
	}
	return func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "answer" {
			return "", false
		}
		m := lastQuestion.FindStringSubmatch(v.Prompt)
		if m == nil {
			return "", false
		}
		turns := slices.ContainsFunc(v.Messages, func(msg api.Message) bool { return msg.Role == "assistant" })
		block := strings.Contains(v.Prompt, "Memories:")
		answer := gold[strings.TrimSpace(m[1])]
		if !(format == "block" && block) && !(format == "turns" && turns) {
			answer += "1"
		}
		if strings.Contains(string(v.Format), `"reasoning"`) {
			return fmt.Sprintf(`{"reasoning":"rows times per row","answer":%q}`, answer), true
		}
		return fmt.Sprintf(`{"answer":%q}`, answer), true
	}
}

// Calibration picks, for each of two learners that can use their memory in
// one format only, the profile with that format, on validation items alone;
// its calls are counted in the iteration's learner calls, and the
// iteration then answers under the chosen profile.
func TestCalibrationPicksTheFormatEachLearnerUses(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	params := Params{Pool: questions.PoolSpec{Name: "inline", Items: e2eItems(), Validation: 0.125, Test: 0.125}}.WithDefaults()
	pool, err := params.BuildPool()
	require.NoError(t, err)
	validation := map[string]bool{}
	for _, it := range pool.Validation {
		validation[it.ID] = true
	}
	for _, format := range []string{"block", "turns"} {
		e := setupE2EOn(t, formatLearner(format), pg)
		e.engine.deps.Profiles = profile.NewStore(pg)
		res := runIterations(t, e, Params{Iterations: 2, MaxFailuresPerType: 3, CalibrationItems: 4})

		first, second := res.Metrics[0], res.Metrics[1]
		require.NotNil(t, first.Calibration, format)
		for _, s := range first.Calibration.Scores {
			require.Zero(t, s.Correct, "%s: no memory yet, no candidate is right", format)
		}
		require.Equal(t, evokg.DefaultProfile, first.Profile, "%s: a tie keeps the default", format)

		cal := second.Calibration
		require.NotNil(t, cal, format)
		t.Logf("%s learner: %+v", format, cal.Scores)
		require.Len(t, cal.Items, 4)
		for _, id := range cal.Items {
			require.True(t, validation[id], "%s: calibration answers validation items only, not %s", format, id)
		}
		require.Len(t, cal.Scores, len(profile.Candidates))
		require.GreaterOrEqual(t, cal.LearnerCalls, 4*len(profile.Candidates), "at least one learner call an item and candidate")
		require.LessOrEqual(t, int64(cal.LearnerCalls), second.LearnerCalls, "counted among the iteration's learner calls")
		for _, s := range cal.Scores {
			if s.Profile.Render == format {
				require.Positive(t, s.Correct, "%s learner under %s", format, s.Profile.Name())
			} else {
				require.Zero(t, s.Correct, "%s learner under %s", format, s.Profile.Name())
			}
		}
		require.Equal(t, format, second.Profile.Render, "%s: the chosen profile renders as the learner can use", format)
		stored, err := profile.NewStore(pg).Get(e.ctx, e.ns, e.engine.answerer(false).Model())
		require.NoError(t, err)
		require.Equal(t, second.Profile, stored.Profile)
		require.Positive(t, second.Validation.Correct, "%s: the iteration answers under the chosen profile", format)
		_, st, err := e.engine.store.lastState(e.ctx, e.ns, res.Run.ID)
		require.NoError(t, err)
		require.Equal(t, evokg.DefaultProfile, second.BaselineProfile, "%s: without memory no candidate is better: the baseline keeps its profile", format)
		require.Equal(t, second.BaselineProfile, *st.BaselineProfile, "%s: the memory-off baseline is measured under the baseline profile", format)
	}
}

// A calibration refuses items that are not validation items.
func TestCalibrationRefusesOtherSplits(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	e := setupE2EOn(t, formatLearner("block"), pg)
	it := questions.Item{ID: "t1", Question: "q", Answer: "1", TaskType: easySum, Split: questions.SplitTest}
	_, err := profile.Calibrate(e.ctx, e.engine.answerer(true), questions.Grader{}, e.ns, []questions.Item{it}, nil)
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, evokg.EINVALID, de.Code)
	require.Equal(t, "/items/0", de.Fields[0].Pointer)
	require.Contains(t, de.Fields[0].Detail, "validation items only")
}

// reasonWithMemoryLearner plays a learner that answers right with memory
// only when it reasons first, and without memory only when it answers
// directly.
func reasonWithMemoryLearner() ollamafake.ScriptFunc {
	gold := map[string]string{}
	for _, it := range e2eItems() {
		gold[it.Question] = it.Answer
	}
	return func(v ollamafake.ChatRequestView) (string, bool) {
		m := lastQuestion.FindStringSubmatch(v.Prompt)
		if v.Task != "answer" || m == nil {
			return "", false
		}
		reasoning := strings.Contains(string(v.Format), `"reasoning"`)
		answer := gold[strings.TrimSpace(m[1])]
		if strings.Contains(v.Prompt, "Memories:") != reasoning {
			answer += "1"
		}
		if reasoning {
			return fmt.Sprintf(`{"reasoning":"rows times per row","answer":%q}`, answer), true
		}
		return fmt.Sprintf(`{"answer":%q}`, answer), true
	}
}

// The arms without memory answer under the profile best without memory,
// calibrated on validation items alone: once memory is there the learner
// is best with memory reasoning first, without memory answering directly,
// and the baseline (test and validation, and the routing-only arm the
// memory switch compares with) is measured answering directly, not under
// the profile memory suits.
func TestCalibrationGivesTheBaselineItsOwnProfile(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	e := setupE2EOn(t, reasonWithMemoryLearner(), pg)
	e.engine.deps.Profiles = profile.NewStore(pg)
	res := runIterations(t, e, Params{Iterations: 2, MaxFailuresPerType: 3, CalibrationItems: 4})
	pool, err := Params{Pool: questions.PoolSpec{Name: "inline", Items: e2eItems(), Validation: 0.125, Test: 0.125}}.WithDefaults().BuildPool()
	require.NoError(t, err)
	validation := map[string]bool{}
	for _, it := range pool.Validation {
		validation[it.ID] = true
	}

	direct := evokg.LearnerProfile{Render: evokg.RenderBlock}
	first, second := res.Metrics[0], res.Metrics[1]
	require.Equal(t, direct, first.BaselineProfile, "without memory the learner answers best directly")
	require.Equal(t, direct, first.Profile, "no memory yet: the same")
	require.Equal(t, evokg.DefaultProfile, second.Profile, "with memory it answers best reasoning first")
	require.Equal(t, direct, second.BaselineProfile, "the baseline keeps its own")

	cal := second.BaselineCalibration
	require.NotNil(t, cal)
	require.Len(t, cal.Scores, len(profile.Candidates))
	for _, id := range cal.Items {
		require.True(t, validation[id], "the baseline's calibration answers validation items only, not %s", id)
	}
	for _, s := range cal.Scores {
		if s.Profile.Reasoning {
			require.Zero(t, s.Correct, s.Profile.Name())
		} else {
			require.Equal(t, s.Items, s.Correct, s.Profile.Name())
		}
	}
	require.LessOrEqual(t, int64(cal.LearnerCalls+second.Calibration.LearnerCalls), second.LearnerCalls, "both counted among the iteration's learner calls")
	require.Equal(t, 1.0, second.Test.WithoutMemory, "the test arm without memory answers under the baseline profile")
	require.Equal(t, 1.0, second.Validation.WithoutMemory)
	require.Positive(t, second.Validation.RoutedTotal)
	require.Equal(t, 1.0, second.Validation.RoutingOnly, "so does the switch's arm without memory")
	_, st, err := e.engine.store.lastState(e.ctx, e.ns, res.Run.ID)
	require.NoError(t, err)
	require.Equal(t, direct, *st.BaselineProfile)
}

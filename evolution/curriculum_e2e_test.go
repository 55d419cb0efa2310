package evolution

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

func newLearner(items []questions.Item) *learnerScript {
	l := &learnerScript{perIter: len(items), gold: map[string]questions.Item{}, question: regexp.MustCompile(`(?m)^Question: (.+)\s*$`)}
	for _, it := range items {
		l.gold[it.Question] = it
	}
	return l
}

// runIterations creates a run of e2e items with params p and executes it.
func runIterations(t *testing.T, e e2e, p Params) *Result {
	t.Helper()
	p.Namespace = e.ns
	p.Pool = questions.PoolSpec{Name: "inline", Items: e2eItems(), Validation: 0.125, Test: 0.125}
	p = p.WithDefaults()
	require.NoError(t, p.Validate())
	run := newRun(p)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, p))
	final, err := e.engine.Execute(e.ctx, e.ns, run.ID, nil)
	require.NoError(t, err)
	require.Len(t, final.Metrics, p.Iterations)
	return final
}

// runnerOf is a runner of res's run as stored.
func runnerOf(e e2e, res *Result) (*runner, error) {
	p, err := e.engine.store.params(e.ctx, e.ns, res.Run.ID)
	if err != nil {
		return nil, err
	}
	return e.engine.newRunner(e.ctx, res.Run.ID, p, nil)
}

// liveFailures records n answers of taskType from outside any run and
// rewards them 0, as /answer feedback does.
func liveFailures(t *testing.T, e e2e, taskType string, n int) {
	t.Helper()
	for range n {
		id, err := answer.NewRecords(e.engine.deps.Pool, e.bandit).Record(e.ctx, bandit.Answer{Namespace: e.ns, TaskType: taskType, Question: "q", Answer: "a"})
		require.NoError(t, err)
		_, err = e.bandit.ApplyReward(e.ctx, e.ns, id, 0)
		require.NoError(t, err)
	}
}

// The curriculum scores with the reward stream's cumulative failures (live
// feedback included), on a namespace-wide clock, and /task-types shows the
// very score the next selection uses.
func TestCurriculumReadsTheCumulativeRewardStream(t *testing.T) {
	t.Parallel()
	items := e2eItems()
	e := setupE2E(t, newLearner(items))
	// Live feedback: easy_sum failed 40 times outside any run.
	liveFailures(t, e, easySum, 40)

	first := runIterations(t, e, Params{Iterations: 1, TopM: 1, MaxFailuresPerType: 1, Concurrency: 4})
	require.Equal(t, []string{easySum}, first.Metrics[0].Selected,
		"40 live failures outweigh the hard types' iteration-1 failures")

	scores, err := e.engine.ListTaskTypes(e.ctx, e.ns)
	require.NoError(t, err)
	byName := map[string]evokg.TaskTypeScore{}
	for _, s := range scores {
		byName[s.Name] = s
	}
	hard := first.Metrics[0].ByTaskType[hardRatio]
	ratio := byName[hardRatio]
	require.EqualValues(t, hard.Total-hard.Correct, ratio.RewardsFailed)
	require.Equal(t, 1, byName[easySum].KLast, "selected at the namespace's first curriculum step")
	require.Equal(t, 0, ratio.KLast)
	// The next step is 2: s = n_fail + 0.3·(2 − k_last).
	require.InDelta(t, float64(ratio.RewardsFailed)+0.3*2, ratio.Score, 1e-9)
	require.InDelta(t, 40+0.3*1, byName[easySum].Score, 1e-9, "live failures count; easy_sum answered right in the run")
	top := scores[0].Name

	// A second run continues the namespace's curriculum: it selects what
	// /task-types ranked first, at step 2, and n_fail accumulates.
	second := runIterations(t, e, Params{Iterations: 2, TopM: 1, MaxFailuresPerType: 1, Concurrency: 4})
	require.Equal(t, []string{top}, second.Metrics[0].Selected)
	tt, err := e.graph.GetTaskType(e.ctx, e.ns, top)
	require.NoError(t, err)
	require.GreaterOrEqual(t, tt.KLast, 2)
	failed := 0
	for _, m := range append(first.Metrics, second.Metrics...) {
		a := m.ByTaskType[hardRate]
		failed += a.Total - a.Correct
	}
	scores, err = e.engine.ListTaskTypes(e.ctx, e.ns)
	require.NoError(t, err)
	i := slices.IndexFunc(scores, func(s evokg.TaskTypeScore) bool { return s.Name == hardRate })
	require.EqualValues(t, failed, scores[i].RewardsFailed, "n_fail is cumulative over every iteration of both runs")
}

// Ablation: the Navigator's plan steers the next selection. Without it
// iteration 2 trains the type still failing; with a plan naming the skill
// of the type trained at iteration 1, iteration 2 trains that one again.
func TestNavigatorPlanSteersTheNextSelection(t *testing.T) {
	t.Parallel()
	items := e2eItems()
	params := Params{Iterations: 2, TopM: 1, MaxFailuresPerType: 10, Concurrency: 4, FocusBonus: 100}

	off := setupE2E(t, newLearner(items))
	off.engine.deps.Mechanisms.NoNavigator = true
	without := runIterations(t, off, params).Metrics
	first := without[0].Selected[0]
	require.Contains(t, []string{hardRatio, hardRate}, first)
	require.NotEqual(t, []string{first}, without[1].Selected, "its corrections fixed it; the other hard type fails twice")
	require.Empty(t, without[0].Plan)
	require.Empty(t, without[0].Focus)

	skill := map[string]string{hardRatio: "ratio_reasoning", hardRate: "rate_reasoning"}[first]
	on := setupE2E(t, newLearner(items))
	on.fake.AddRule(ollamafake.Rule{Task: "plan_frontier",
		Reply: `{"focus":[{"skill":"` + skill + `","priority":1,"reason":"consolidate"}],"notes":"stay"}`})
	with := runIterations(t, on, params).Metrics
	require.Equal(t, without[0].Selected, with[0].Selected, "the first selection has no plan to follow")
	require.Equal(t, map[string]float64{first: 100}, with[0].Focus)
	require.Equal(t, []string{first}, with[1].Selected, "the plan's task type is selected")
	require.NotEqual(t, without[1].Selected, with[1].Selected)

	// By iteration 2 the skill is mastered and off the frontier: the same
	// reply names no frontier skill, so the bonus is gone.
	require.Empty(t, with[1].Focus)
	tt, err := on.graph.GetTaskType(on.ctx, on.ns, first)
	require.NoError(t, err)
	require.Zero(t, tt.Focus)
}

// fixableLearner is right on the easy types, and on a hard type's question
// once its memory holds a correction of the type: a type's failures
// stop once it is trained, so n_fail stays bounded, as Theorem 2 assumes.
func fixableLearner(items []questions.Item) ollamafake.ScriptFunc {
	gold := map[string]questions.Item{}
	for _, it := range items {
		gold[it.Question] = it
	}
	question := regexp.MustCompile(`(?m)^Question: (.+)\s*$`)
	return func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "answer" {
			return "", false
		}
		m := question.FindStringSubmatch(v.Prompt)
		if m == nil {
			return `{"reasoning":"no question","answer":"0"}`, true
		}
		it := gold[strings.TrimSpace(m[1])]
		memories := strings.TrimSuffix(v.Prompt, m[0])
		answer := it.Answer
		if it.TaskType != easySum && it.TaskType != easyDiff &&
			!strings.Contains(memories, "CORRECTION") {
			answer += "1"
		}
		return fmt.Sprintf(`{"reasoning":"rows times per row","answer":%q}`, answer), true
	}
}

// longestWait runs k iterations at λ = lambda (top M = 1) through the
// engine and returns the longest a task type waited between selections
// (counting from the start and to the end) and the largest n_fail the
// reward stream holds.
func longestWait(t *testing.T, lambda float64, k int) (wait, nMax int) {
	t.Helper()
	e := setupE2EOn(t, fixableLearner(e2eItems()), testenv.Postgres(t))
	res := runIterations(t, e, Params{Iterations: k, TopM: 1, Lambda: lambda, MaxFailuresPerType: 10, Concurrency: 4})
	last := map[string]int{}
	for i, m := range res.Metrics {
		for _, name := range m.Selected {
			wait, last[name] = max(wait, i+1-last[name]), i+1
		}
	}
	for _, name := range e2eTypes {
		wait = max(wait, k-last[name])
	}
	scores, err := e.engine.ListTaskTypes(e.ctx, e.ns)
	require.NoError(t, err)
	for _, s := range scores {
		nMax = max(nMax, int(s.RewardsFailed))
	}
	return wait, nMax
}

// Theorem 2 on the loop itself: n_fail comes from the run's own graded
// answers (the reward stream), not from a draw, and every task type is
// selected again within ⌈n_max/λ + N/M⌉ iterations. Ablation: with the
// recency term λ·(k − k_last) all but removed, the easy types, which never
// fail, wait past that bound.
func TestTheorem2OnTheLoop(t *testing.T) {
	t.Parallel()
	const lambda, k, n, m = 4.0, 9, 4, 1
	wait, nMax := longestWait(t, lambda, k)
	bound := RevisitBound(nMax, lambda, n, m)
	require.Less(t, bound, k, "n_max %d: the bound must fall inside the run for the check to bite", nMax)
	require.LessOrEqual(t, wait, bound, "n_max %d: a task type waited %d > ⌈%d/%.0f + %d/%d⌉ = %d", nMax, wait, nMax, lambda, n, m, bound)

	starved, _ := longestWait(t, 0.001, k)
	require.Greater(t, starved, bound, "without the recency term a type that never fails is never selected again")
}

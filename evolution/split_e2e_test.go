package evolution

import (
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm/ollamafake"
)

const ratioSplit = `{"skills":[
{"name":"ratio_scaling","description":"scale a quantity per row","strategy":"scale the amount per row first","task_types":["hard_ratio","easy_sum"]},
{"name":"ratio_totals","description":"total over rows","strategy":"","task_types":[]}],"rationale":"two steps"}`

// answeringSkills lists the skills that answered taskType in run.
func answeringSkills(t *testing.T, e e2e, taskType, runID string) []string {
	t.Helper()
	rows, err := e.engine.deps.Pool.Query(e.ctx, `SELECT DISTINCT skill FROM answers
		WHERE namespace = $1 AND task_type = $2 AND run_id = $3 ORDER BY skill`, e.ns, taskType, runID)
	require.NoError(t, err)
	var out []string
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		out = append(out, s)
	}
	require.NoError(t, rows.Err())
	return out
}

// A split skill's parts get their DAG edges and a strategy, every part
// serves the task type (the routing bandit chooses among them, so the part
// that is not alphabetically first answers too), and the split skill's
// mastery keeps following its parts' answers.
func TestSplitPartsServeAndCarryTheirEdges(t *testing.T) {
	t.Parallel()
	items := e2eItems()
	e := setupE2E(t, newLearner(items))
	e.fake.AddRule(ollamafake.Rule{Task: "split_skill", Reply: ratioSplit})
	first := runIterations(t, e, Params{Iterations: 1, MaxFailuresPerType: 10, Concurrency: 4})

	strategy := "multiply per row by rows"
	parent, err := e.graph.UpdateSkill(e.ctx, e.ns, "ratio_reasoning", evokg.SkillUpdate{Strategy: &strategy})
	require.NoError(t, err)
	r, err := runnerOf(e, first)
	require.NoError(t, err)
	ok, err := r.splitSkill(e.ctx, parent, []string{hardRatio}, []string{"Q: crate | learner answered: 1 | gold: 2"})
	require.NoError(t, err)
	require.True(t, ok)

	edges, err := e.graph.SkillEdges(e.ctx, e.ns)
	require.NoError(t, err)
	for _, part := range []string{"ratio_scaling", "ratio_totals"} {
		require.Contains(t, edges, graph.SkillEdge{From: part, To: "ratio_reasoning", Type: "COMPOSES_INTO"})
		require.Contains(t, edges, graph.SkillEdge{From: "summing", To: part, Type: "PREREQUISITE_OF"}, "inherited prerequisite")
		types, err := e.graph.SkillTaskTypes(e.ctx, e.ns, part)
		require.NoError(t, err)
		require.Equal(t, []string{hardRatio}, types, "a part serves only its skill's task types")
	}
	scaling, err := e.graph.GetSkill(e.ctx, e.ns, "ratio_scaling")
	require.NoError(t, err)
	require.Equal(t, "scale the amount per row first", scaling.Strategy, "the split's own strategy")
	totals, err := e.graph.GetSkill(e.ctx, e.ns, "ratio_totals")
	require.NoError(t, err)
	require.Equal(t, strategy, totals.Strategy, "the skill's strategy when the split gives none")
	before, err := e.graph.GetSkill(e.ctx, e.ns, "ratio_reasoning")
	require.NoError(t, err)
	require.Equal(t, evokg.SkillSplit, before.Status)

	second := runIterations(t, e, Params{Iterations: 1, MaxFailuresPerType: 10, Concurrency: 4})
	require.Equal(t, []string{"ratio_scaling", "ratio_totals"}, answeringSkills(t, e, hardRatio, second.Run.ID.String()),
		"the routing bandit sends hard_ratio questions to both parts")
	after, err := e.graph.GetSkill(e.ctx, e.ns, "ratio_reasoning")
	require.NoError(t, err)
	acc := second.Metrics[0].ByTaskType[hardRatio]
	require.Positive(t, acc.Correct, "iteration 1's corrections fixed hard_ratio")
	require.Greater(t, after.Mastery, before.Mastery)
	require.InDelta(t, evokg.Ratchet(before.Mastery, float64(acc.Correct)/float64(acc.Total), 0.6, 0.1), after.Mastery, 1e-9,
		"the split skill's mastery follows its parts' answers")
}

// Prompt refinement writes both mutable slots the learner reads: the
// prompt template and the strategy.
func TestPromptRefinementWritesTheStrategy(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, newLearner(e2eItems()))
	first := runIterations(t, e, Params{Iterations: 1, Concurrency: 4})
	skill, err := e.graph.GetSkill(e.ctx, e.ns, "rate_reasoning")
	require.NoError(t, err)
	require.Empty(t, skill.Strategy, "iteration 1's operation extracts principles")
	r, err := runnerOf(e, first)
	require.NoError(t, err)
	ok, err := r.refinePrompt(e.ctx, skill, []string{"Q: crate | learner answered: 1 | gold: 2"})
	require.NoError(t, err)
	require.True(t, ok)
	skill, err = e.graph.GetSkill(e.ctx, e.ns, "rate_reasoning")
	require.NoError(t, err)
	require.Equal(t, "Multiply rows by the amount per row.", skill.PromptTemplate, "guidanceRules' refinement")
	require.Equal(t, "decompose", skill.Strategy)
}

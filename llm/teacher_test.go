package llm_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
)

// Every typed teacher method works end to end on the fake's schema-valid
// defaults, and every call goes to the teacher model.
func TestTeacherMethodsOnDefaults(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	g, ctx := b.models.Teacher(), b.ctx

	ev, err := g.EvaluateExperience(ctx, evokg.EvaluateRequest{Experience: evokg.Experience{
		ExperienceFields: evokg.ExperienceFields{TaskType: "t", Question: "q", Answer: "a"},
	}, Gold: "a"})
	require.NoError(t, err)
	require.InDelta(t, 0.5, ev.Evaluation.Q, 1e-9) // the fake's midpoint of [0,1] for c, η, κ
	require.Equal(t, evokg.EvalSuccessful, ev.Evaluation.Status)
	require.Len(t, ev.Errors, 1)
	require.NotNil(t, ev.Patch)

	ops, err := g.ExtractSignature(ctx, evokg.SignatureRequest{TaskType: "t", Task: "q", Steps: []string{"s"}})
	require.NoError(t, err)
	require.Equal(t, []string{"fake_operation_1"}, ops)

	plan, err := g.DiscoverSkills(ctx, evokg.DiscoverRequest{Questions: []evokg.SampleQuestion{{Question: "q", TaskType: "t"}}})
	require.NoError(t, err)
	require.Len(t, plan.Skills, 1)
	require.Len(t, plan.TaskTypes, 1)

	crit, err := g.Critique(ctx, evokg.CritiqueRequest{Iteration: 1})
	require.NoError(t, err)
	require.Len(t, crit, 1)

	fm, err := g.WriteFailureMemory(ctx, evokg.FailureMemoryRequest{Kind: evokg.FailureSpecific, Question: "q", Gold: "g"})
	require.NoError(t, err)
	require.NotEmpty(t, fm.Content)
	require.NotEmpty(t, fm.Steps)

	ps, err := g.ExtractPrinciples(ctx, evokg.PrinciplesRequest{Skill: "s"})
	require.NoError(t, err)
	require.Len(t, ps, 1)

	tool, err := g.AuthorTool(ctx, evokg.ToolRequest{Skill: "s", Need: "n"})
	require.NoError(t, err)
	require.Equal(t, "fake_name", tool.Name)
	require.True(t, json.Valid(tool.InputSchema))

	ref, err := g.RefinePrompt(ctx, evokg.RefinePromptRequest{Skill: "s"})
	require.NoError(t, err)
	require.NotEmpty(t, ref.Prompt)

	split, err := g.SplitSkill(ctx, evokg.SplitSkillRequest{Skill: "s", TaskTypes: []string{"t"}})
	require.NoError(t, err)
	require.Len(t, split.Skills, 2)

	nav, err := g.PlanFrontier(ctx, evokg.FrontierRequest{Iteration: 1, Frontier: []evokg.FrontierSkill{{Name: "fake_skill"}}})
	require.NoError(t, err)
	require.Len(t, nav.Focus, 1)
	nav, err = g.PlanFrontier(ctx, evokg.FrontierRequest{Iteration: 1, Frontier: []evokg.FrontierSkill{{Name: "other"}}})
	require.NoError(t, err)
	require.Empty(t, nav.Focus, "skills off the frontier are dropped")

	v, err := g.Judge(ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
	require.NoError(t, err)
	require.True(t, v.Correct)

	obs, err := b.models.Learner().Explore(ctx, evokg.ExploreRequest{TaskType: "t", Observation: "o"})
	require.NoError(t, err)
	require.Len(t, obs.Entities, 1)

	require.Equal(t, 12, b.fake.CountModel("qwen3:8b"))
	require.Equal(t, 1, b.fake.CountModel("llama3.1:8b"))
	u := b.usage(t, "")
	require.Equal(t, 12, u.Teacher)
	require.Equal(t, 1, u.Learner)
	for _, role := range []llm.Role{llm.RoleEvaluator, llm.RoleSignature, llm.RoleSkillDiscovery, llm.RoleCritic,
		llm.RoleFailureAnalyst, llm.RoleNavigator, llm.RoleJudge} {
		require.Equal(t, llm.LayerTeacher, roleUsage(u, role).Layer, role)
	}
	require.Equal(t, llm.LayerLearner, roleUsage(u, llm.RoleExplorer).Layer)
}

func TestDisambiguate(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	var d evokg.Disambiguator = b.models.Teacher()
	b.fake.Script(func(req ollamafake.ChatRequestView) (string, bool) {
		if req.Task != "disambiguate" {
			return "", false
		}
		switch {
		case strings.Contains(req.Prompt, "Mention: time_filter"):
			return `{"choice":"temporal_filter","is_new":false}`, true
		case strings.Contains(req.Prompt, "Mention: invented"):
			return `{"choice":"not_a_candidate","is_new":false}`, true
		}
		return `{"choice":"","is_new":true}`, true
	})
	cands := []string{"temporal_filter", "date_filter"}
	choice, ok, err := d.Disambiguate(b.ctx, "Operation", "time_filter", cands)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, "temporal_filter", choice)

	_, ok, err = d.Disambiguate(b.ctx, "Operation", "aggregation", cands)
	require.NoError(t, err)
	require.False(t, ok)

	_, ok, err = d.Disambiguate(b.ctx, "Operation", "invented", cands)
	require.NoError(t, err)
	require.False(t, ok, "a choice outside the candidates counts as new")
	require.Equal(t, 3, roleUsage(b.usage(t, ""), llm.RoleCurator).Calls)
}

// A tool's input and output come back as lists of {name, type} fields and
// are stored as JSON Schemas with every field required; its tests come
// back as input and expected objects.
func TestAuthorToolBuildsSchemas(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fake.AddRule(ollamafake.Rule{Task: "author_tool", Reply: `{"name":"Multiply Rows","description":"rows times per row",
		"inputs":[{"name":"rows","type":"integer"},{"name":"per_row","type":"number"}],"outputs":[{"name":"total","type":"number"}],
		"code":"def run(input):\n    return {'total': input['rows'] * input['per_row']}",
		"tests":[{"input":{"rows":3,"per_row":4},"expected":{"total":12}}]}`})
	tool, err := b.models.Teacher().AuthorTool(b.ctx, evokg.ToolRequest{Skill: "s", Need: "n"})
	require.NoError(t, err)
	require.Equal(t, "multiply_rows", tool.Name)
	require.JSONEq(t, `{"type":"object","properties":{"rows":{"type":"integer"},"per_row":{"type":"number"}},"required":["rows","per_row"]}`, string(tool.InputSchema))
	require.JSONEq(t, `{"type":"object","properties":{"total":{"type":"number"}},"required":["total"]}`, string(tool.OutputSchema))
	require.Len(t, tool.Tests, 1)
	require.JSONEq(t, `{"rows":3,"per_row":4}`, string(tool.Tests[0].Input))
	require.JSONEq(t, `{"total":12}`, string(tool.Tests[0].Expected))
}

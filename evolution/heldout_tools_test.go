package evolution

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/assets"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/vector"
)

// toolArms picks the semantic search arm and the tool_call routing arm.
type toolArms struct{}

func (toolArms) Select(context.Context, string, bandit.Kind, string) (bandit.Choice, error) {
	return bandit.Choice{Arm: bandit.StrategyToolCall}, nil
}

func (a toolArms) SelectForRun(ctx context.Context, ns string, k bandit.Kind, key string, _ uuid.UUID) (bandit.Choice, error) {
	arm, err := a.Best(ctx, ns, k, key)
	return bandit.Choice{Arm: arm}, err
}

func (toolArms) Best(_ context.Context, _ string, k bandit.Kind, _ string) (string, error) {
	if k == bandit.Search {
		return bandit.StrategySemantic, nil
	}
	return bandit.StrategyToolCall, nil
}

func (toolArms) ChooseSkill(_ context.Context, _ string, skills []string, _ bool) (string, error) {
	return skills[0], nil
}

func (toolArms) ApplyReward(context.Context, string, uuid.UUID, float64) (bandit.RewardResult, error) {
	return bandit.RewardResult{}, nil
}

// The runner's validation and test answers count no tool call against its
// tool, so no tool can be retired on them: the learner calls the stored
// area tool on every field question, and the tool's statistics count the
// training answers' calls only.
func TestHeldOutAnswersScoreNoTool(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	pg := testenv.Postgres(t)
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(toolLearner)
	fake.ScriptToolCalls(toolLearnerCalls)
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))
	tools, err := assets.New(assets.Config{}, pg, g, vector.NewStore(pg, evokg.DefaultEmbeddingDim), models.Embedder(), logger)
	require.NoError(t, err)
	ns := testenv.Namespace(t)
	_, err = tools.CreateTool(ctx, ns, *storedAreaTool())
	require.NoError(t, err)

	fields := slices.DeleteFunc(toolItems(), func(it questions.Item) bool { return it.TaskType != fieldArea })
	pool, err := questions.Split("fields", fields, questions.Fractions{Validation: 0.2, Test: 0.2}, 1)
	require.NoError(t, err)
	r := &runner{id: evokg.NewID(), ns: ns, p: Params{Concurrency: 2}, progress: func(Progress) {},
		answerer: answer.New(models.Learner(), nil, nil, toolArms{}, nil).WithTools(tools, answer.ToolConfig{})}
	answer := func(phase string, items []questions.Item) {
		t.Helper()
		require.NotEmpty(t, items)
		skills := map[string][]evokg.Skill{fieldArea: {{Name: areaSkill}}}
		got, err := r.answerAll(ctx, 1, phase, items, skills, withMemory{off: true, routed: true})
		require.NoError(t, err)
		for _, a := range got {
			require.True(t, a.Correct, "%s: the tool computed the area", a.Item.ID)
		}
	}
	calls := func() int64 {
		tool, err := tools.Tool(ctx, ns, areaTool)
		require.NoError(t, err)
		return tool.Stats.Calls
	}

	answer(questions.SplitValidation, pool.Validation)
	answer(questions.SplitTest, pool.Test)
	require.Zero(t, calls(), "validation and test answers")
	answer("evaluate", pool.Train)
	require.EqualValues(t, len(pool.Train), calls(), "training answers")
}

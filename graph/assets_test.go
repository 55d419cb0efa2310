package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
)

func TestToolsAndExpertAgents(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.g.CreateSkill(b.ctx, b.ns, evokg.NewSkill{Name: "add"})
	require.NoError(t, err)
	exp := b.project(t, expOpts{})

	tool, err := b.g.UpsertTool(b.ctx, b.ns, evokg.Tool{ToolSpec: evokg.ToolSpec{Name: "calculator", Description: "adds",
		InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(`{"type":"number"}`), Code: "def f(a, b): return a + b"}, Version: 1})
	require.NoError(t, err)
	_, err = b.g.UpsertTool(b.ctx, b.ns, evokg.Tool{ToolSpec: evokg.ToolSpec{Name: "calculator"}, Version: 1})
	requireCode(t, err, evokg.ECONFLICT)
	tool.Validated = true
	_, err = b.g.UpsertTool(b.ctx, b.ns, tool)
	require.NoError(t, err)
	got, err := b.g.GetTool(b.ctx, b.ns, tool.ID)
	require.NoError(t, err)
	require.True(t, got.Validated)
	require.Equal(t, "def f(a, b): return a + b", got.Code)
	_, err = b.g.GetTool(b.ctx, b.ns, uuid.New())
	requireCode(t, err, evokg.ENOTFOUND)

	agent, err := b.g.UpsertExpertAgent(b.ctx, b.ns, evokg.ExpertAgent{ExpertAgentSpec: evokg.ExpertAgentSpec{Role: "accountant", SystemPrompt: "You add."}})
	require.NoError(t, err)
	require.NoError(t, b.g.GrantTool(b.ctx, b.ns, agent.ID, tool.ID))
	require.NoError(t, b.g.ToolCreatedFrom(b.ctx, b.ns, tool.ID, exp.ID))
	require.NoError(t, b.g.AttachTool(b.ctx, b.ns, "add", tool.ID))
	requireCode(t, b.g.GrantTool(b.ctx, b.ns, agent.ID, uuid.New()), evokg.ENOTFOUND)

	agents, err := b.g.ListExpertAgents(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, agents, 1)
	require.Equal(t, []uuid.UUID{tool.ID}, agents[0].ToolIDs)
	tools, err := b.g.SkillTools(b.ctx, b.ns, "add")
	require.NoError(t, err)
	require.Len(t, tools, 1)
	all, err := b.g.ListTools(b.ctx, b.ns)
	require.NoError(t, err)
	require.Len(t, all, 1)
}

func TestEnvironment(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.g.UpsertEnvEntity(b.ctx, b.ns, "kitchen", "room")
	require.NoError(t, err)
	_, err = b.g.UpsertEnvEntity(b.ctx, b.ns, "fridge", "appliance")
	require.NoError(t, err)
	require.NoError(t, b.g.RelateEnv(b.ctx, b.ns, "fridge", "located_in", "kitchen"))
	requireCode(t, b.g.RelateEnv(b.ctx, b.ns, "fridge", "located_in", "garage"), evokg.ENOTFOUND)
	o, err := b.g.AddObservation(b.ctx, b.ns, graph.Observation{Context: "explore", Content: "the fridge is empty", Entities: []string{"fridge", "milk"}})
	require.NoError(t, err)
	_, err = b.g.AddObservation(b.ctx, b.ns, o)
	require.NoError(t, err, "idempotent by id")
	obs, err := b.g.Observations(b.ctx, b.ns, "milk")
	require.NoError(t, err)
	require.Len(t, obs, 1)
	require.Equal(t, "the fridge is empty", obs[0].Content)
}

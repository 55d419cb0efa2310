package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
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

func TestWorld(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.g.UpsertWorldEntity(b.ctx, b.ns, "kitchen", "room")
	require.NoError(t, err)
	_, err = b.g.UpsertWorldEntity(b.ctx, b.ns, "fridge", "appliance")
	require.NoError(t, err)
	require.NoError(t, b.g.RelateWorld(b.ctx, b.ns, "fridge", "located_in", "kitchen"))
	requireCode(t, b.g.RelateWorld(b.ctx, b.ns, "fridge", "located_in", "garage"), evokg.ENOTFOUND)
	o, err := b.g.AddObservation(b.ctx, b.ns, graph.Observation{Context: "explore", Content: "the fridge is empty", Entities: []string{"fridge", "milk"}})
	require.NoError(t, err)
	_, err = b.g.AddObservation(b.ctx, b.ns, o)
	require.NoError(t, err, "idempotent by id")
	obs, err := b.g.Observations(b.ctx, b.ns, "milk")
	require.NoError(t, err)
	require.Len(t, obs, 1)
	require.Equal(t, "the fridge is empty", obs[0].Content)
}

// The previous release labelled the world's entities :EnvEntity and their
// relations :ENV_RELATION; applying the schema rewrites them in this
// release's words, properties kept, so the learner still reads them.
func TestWorldOfThePreviousReleaseIsRelabelled(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := neo4j.ExecuteQuery(b.ctx, testenv.Neo4j(t), `
		CREATE (:EnvEntity {namespace: $namespace, name: 'attic', kind: 'room', id: 'e1'})
		  <-[:ENV_RELATION {name: 'in'}]-(:EnvEntity {namespace: $namespace, name: 'rope', kind: 'object', id: 'e2'})`,
		map[string]any{"namespace": b.ns}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	require.NoError(t, b.g.ApplySchema(b.ctx))

	facts, err := b.g.WorldFacts(b.ctx, b.ns, []string{"rope"}, 10)
	require.NoError(t, err)
	require.Equal(t, []graph.WorldFact{{From: "rope", Relation: "in", To: "attic", Hops: 1}}, facts)
	res, err := neo4j.ExecuteQuery(b.ctx, testenv.Neo4j(t), `
		MATCH (n {namespace: $namespace}) WHERE n:EnvEntity OR EXISTS { (n)-[:ENV_RELATION]-() } RETURN count(n) AS n`,
		map[string]any{"namespace": b.ns}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	require.EqualValues(t, 0, res.Records[0].Values[0], "nothing is left under the former words")
}

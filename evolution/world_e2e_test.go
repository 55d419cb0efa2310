package evolution

import (
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/explorer"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/internal/worldtest"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/world"
)

const worldPlan = `{"skills":[{"name":"crafting","description":"gather the ingredients and craft"},
{"name":"fetching","description":"find an object and carry it"},{"name":"placing","description":"find an object and store it"}],
"task_types":[{"name":"world_craft","description":""},{"name":"world_fetch","description":""},{"name":"world_place","description":""}],
"skill_for_task":[{"skill":"crafting","task_type":"world_craft"},{"skill":"fetching","task_type":"world_fetch"},{"skill":"placing","task_type":"world_place"}],
"prerequisites":[]}`

func worldDiscovery(v ollamafake.ChatRequestView) (string, bool) {
	return worldPlan, v.Task == "discover_skills"
}

// runEnvPool runs two iterations over the environment pool, with the
// Explorer in the loop or without it, and with the cascade's environment
// facts (component E) on or off, and returns the metrics.
func runEnvPool(t *testing.T, withExplorer, environment bool) (e2e, []Metrics) {
	t.Helper()
	pg := testenv.Postgres(t)
	e := setupE2EOn(t, worldtest.Learner, pg)
	e.fake.Script(worldtest.Explorer)
	e.fake.Script(worldDiscovery)
	d := e.engine.deps
	if withExplorer {
		d.Explorer = explorer.New(explorer.Config{}, d.Learner, e.graph, d.Memory, testenv.Logger(t))
	}
	if !environment {
		c := allComponents
		c.Environment = false
		casc, err := cascade.New(cascade.Config{Components: c}, e.graph, pg)
		require.NoError(t, err)
		d.Cascade = casc
	}
	engine, err := NewEngine(d)
	require.NoError(t, err)
	e.engine = engine
	params := Params{Namespace: e.ns, Iterations: 2, MaxFailuresPerType: 10, Concurrency: 4, DisableBandits: true,
		Pool: questions.PoolSpec{Name: "world", Size: 30, Seed: 1, Validation: 0.1, Test: 0.1}}.WithDefaults()
	require.NoError(t, params.Validate())
	run := newRun(params)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))
	final, err := e.engine.Execute(e.ctx, e.ns, run.ID, nil)
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, final.Run.Status)
	for _, m := range final.Metrics {
		t.Logf("explorer=%v environment=%v iteration %d: accuracy %.3f validation %.3f test %.3f (without memory %.3f) explored %d recipes %d harvested %d",
			withExplorer, environment, m.Iteration, m.Accuracy, m.Validation.Accuracy, m.Test.Accuracy, m.Test.WithoutMemory, m.Explored, m.Recipes, m.Harvested)
	}
	return e, final.Metrics
}

// The MAGE loop over the environment pool: episodes are answered with
// action sequences the environment plays and grades. The learner fails
// every episode at first; the Explorer explores the failed ones, fills
// G_env and harvests their recipes, and in iteration 2 the learner
// instantiates the retrieved recipes' procedures over the G_env facts and
// reaches every goal of the pool, and of the 4 validation and 3 test
// episodes, never explored, which fail without memory. With the environment facts switched
// off the learner copies recipes: the training episodes (their own
// recipes) still succeed, the validation and test ones fail. Without the Explorer
// nothing in memory shows a way and the pool stays failed.
func TestEvolutionOverTheEnvironmentPool(t *testing.T) {
	t.Parallel()
	e, m := runEnvPool(t, true, true)
	require.Len(t, m, 2)
	require.Zero(t, m[0].Accuracy)
	require.Equal(t, 23, m[0].Explored, "every failed pool episode (8 craft, 8 fetch, 7 place: 3 types selected)")
	require.Equal(t, 23, m[0].Recipes)
	require.ElementsMatch(t, []string{world.TaskCraft, world.TaskFetch, world.TaskPlace}, m[0].Selected)
	require.InDelta(t, 1.0, m[1].Accuracy, 1e-9)
	require.Equal(t, SplitAccuracy{Correct: 3, Total: 3, Accuracy: 1}, m[1].Test, "3/3 test episodes with memory, none without")
	require.Equal(t, SplitAccuracy{Correct: 4, Total: 4, Accuracy: 1}, m[1].Validation, "4/4: two twin episodes, one gold plan, share the split")
	require.Equal(t, 23, m[1].Flips)
	require.Equal(t, 23, m[1].Harvested, "each episode reached in iteration 2 is harvested as a success")
	require.Zero(t, m[1].Explored, "nothing failed in iteration 2")
	require.EqualValues(t, 23+23, m[1].Memories.Success)

	// Every success memory, recipe or harvested answer, carries the
	// operations of the actions that reached its goal as its signature.
	var signed int
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*) FROM experiences WHERE namespace = $1
		AND outcome = 'success_memory' AND cardinality(signature) > 0
		AND signature <@ ARRAY['move_to_room','open_container','take_object','put_in_container','craft_item']`, e.ns).Scan(&signed))
	require.Equal(t, 46, signed)
	// and the procedure with roles its actions generalise to, which the
	// learner reads as the memory's content.
	var general int
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*) FROM experiences WHERE namespace = $1
		AND outcome = 'success_memory' AND record->'procedure'->>'name' LIKE 'proc:world_%'
		AND record->>'content' LIKE 'Procedure proc:world_%, for any start and goal: go to the room that holds <%'`, e.ns).Scan(&general))
	require.Equal(t, 46, general)

	// G_env holds the world, toured once by the run.
	w := world.NewWorld(1)
	for _, room := range w.Rooms {
		obs, err := e.graph.Observations(e.ctx, e.ns, room)
		require.NoError(t, err)
		require.NotEmpty(t, obs, room)
	}
	require.Equal(t, len(world.Tour(world.Episodes(1, 1, "x")[0]))+1, e.fake.CountTask("explore"), "one tour of the world")

	// The Explorer's calls are learner-layer calls, counted with the learner's.
	var learnerCalls int64
	for _, x := range m {
		learnerCalls += x.LearnerCalls
	}
	require.EqualValues(t, e.fake.CountModel(llm.DefaultLearnerModel), learnerCalls)

	_, noFacts := runEnvPool(t, true, false)
	require.InDelta(t, 1.0, noFacts[1].Accuracy, 1e-9, "each training episode copies its own recipe")
	require.Zero(t, noFacts[1].Test.Accuracy, "a copied recipe of another episode reaches no test goal")

	_, off := runEnvPool(t, false, true)
	require.Zero(t, off[0].Explored)
	require.Zero(t, off[1].Accuracy, "without the Explorer no recipe is in memory")
	require.Zero(t, off[1].Test.Accuracy)
}

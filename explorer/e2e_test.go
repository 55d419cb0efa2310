package explorer_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/explorer"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/internal/worldtest"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
	"github.com/evokg/evokg/world"
)

type bundle struct {
	ctx      context.Context
	ns       string
	graph    *graph.Graph
	explorer *explorer.Explorer
	answerer *answer.Service
	fake     *ollamafake.Server
	// withCascade is an answerer whose cascade has the components given.
	withCascade func(cascade.Components) (*answer.Service, *cascade.Builder)
}

func setup(t *testing.T) bundle {
	t.Helper()
	ctx := context.Background()
	pg := testenv.Postgres(t)
	testenv.Neo4j(t)
	ns := testenv.Namespace(t)
	logger := testenv.Logger(t)
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(worldtest.Explorer)
	fake.Script(worldtest.Planner)
	fake.Script(worldtest.Learner)
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))
	store := vector.NewStore(pg, evokg.DefaultEmbeddingDim)
	queue, err := workers.NewInsertClient(pg, workers.Config{}, logger)
	require.NoError(t, err)
	memory := ingest.NewService(ingest.Config{}, pg, queue, models.Embedder(), store, logger)
	retriever := retrieval.New(retrieval.Config{}, store, g, models.Embedder(), logger)
	return bundle{ctx: ctx, ns: ns, graph: g, fake: fake,
		explorer: explorer.New(explorer.Config{}, models.Learner(), g, memory, logger),
		answerer: answer.New(models.Learner(), retriever, nil, nil, g),
		withCascade: func(c cascade.Components) (*answer.Service, *cascade.Builder) {
			casc, err := cascade.New(cascade.Config{Components: c}, g, pg)
			require.NoError(t, err)
			return answer.New(models.Learner(), retriever, casc, nil, g), casc
		}}
}

// play answers ep through the learner layer, with or without memory, and
// plays the answer in the environment.
func (b bundle) play(t *testing.T, ep world.Episode, memory bool) (answer.Reply, bool) {
	t.Helper()
	zero := 0.0
	r, err := b.answerer.Answer(b.ctx, b.ns, answer.Question{TaskType: ep.TaskType(), Question: ep.Prompt(),
		Temperature: &zero, NoMemory: !memory, NoRouting: true})
	require.NoError(t, err)
	return r, world.Grade(ep, r.Answer)
}

// An Explorer run fills G_env with the world's rooms, containers and
// objects and the observations that showed them, has the model plan the
// episode's goal over the relations G_env holds and, the plan played to
// the goal, harvests it as the episode's action recipe; the recipe is
// retrieved for the next episode of the task, which then succeeds, and
// fails without memory.
func TestExplorerFillsGEnvAndItsRecipeSolvesTheNextEpisode(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eps := world.Episodes(1, 6, "e2e")
	explored := eps[0]
	require.Equal(t, world.TaskCraft, explored.TaskType())

	// Before exploring, the learner has no recipe and fails the episode.
	before, ok := b.play(t, explored, true)
	require.False(t, ok)
	require.Empty(t, before.MemoryIDs)
	require.Equal(t, worldtest.NoMemoryAnswer, before.Answer)

	res, err := b.explorer.Explore(b.ctx, b.ns, explored, "e2e")
	require.NoError(t, err)
	t.Logf("explored: %+v", res)
	tour := world.Tour(explored)
	require.Equal(t, len(tour)+1, res.Observations, "the first look and every toured action")
	require.Equal(t, res.Observations+1, res.ModelCalls, "one call per observation and one for the plan")
	require.Zero(t, res.Skipped)
	require.True(t, res.Success)
	require.NotEqual(t, uuid.Nil, res.ExperienceID)
	require.True(t, world.Grade(explored, res.Recipe))
	require.Equal(t, world.Signature(world.ParseActions(res.Recipe)), res.Signature)
	// The plan was asked over the relations the model extracted.
	require.Equal(t, 1, b.fake.CountTask("plan_actions"))
	planned := lastPrompt(b, "plan_actions")
	require.Contains(t, planned, cascade.EnvironmentHeading)
	require.Contains(t, planned, "\n- "+explored.Start+": door_to ")
	require.Contains(t, planned, explored.Prompt())
	require.Positive(t, res.Facts)

	// G_env holds every room with the observations that showed it, and
	// every object of the world (met in its container or room).
	w := world.NewWorld(1)
	for _, name := range append(append([]string{}, w.Rooms...), w.ObjectNames()...) {
		obs, err := b.graph.Observations(b.ctx, b.ns, name)
		require.NoError(t, err)
		require.NotEmpty(t, obs, "no observation of %s", name)
	}
	start, err := b.graph.Observations(b.ctx, b.ns, explored.Start)
	require.NoError(t, err)
	require.Contains(t, start[0].Content, "You are in the "+explored.Start)

	// The saved Browser query shows G_env.
	browser, err := fs.ReadFile(graph.CypherFiles, "cypher/browser/13_environment.cypher")
	require.NoError(t, err)
	session := testenv.Neo4j(t).NewSession(b.ctx, neo4j.SessionConfig{AccessMode: neo4j.AccessModeRead})
	defer session.Close(b.ctx)
	rows, err := session.Run(b.ctx, string(browser), map[string]any{"namespace": b.ns})
	require.NoError(t, err)
	recs, err := rows.Collect(b.ctx)
	require.NoError(t, err)
	require.Greater(t, len(recs), len(w.Rooms)+len(w.ObjectNames()))

	// Exploring again under the same key writes nothing new.
	again, err := b.explorer.Explore(b.ctx, b.ns, explored, "e2e")
	require.NoError(t, err)
	require.Equal(t, res.ExperienceID, again.ExperienceID)
	startAgain, err := b.graph.Observations(b.ctx, b.ns, explored.Start)
	require.NoError(t, err)
	require.Len(t, startAgain, len(start))

	// The next episode of the task: the recipe is retrieved and reaches
	// the goal; without memory the learner does not.
	next := explored
	next.ID = "e2e-next"
	with, ok := b.play(t, next, true)
	require.Contains(t, with.MemoryIDs, res.ExperienceID)
	require.Equal(t, res.Recipe, with.Answer)
	require.True(t, ok, "with memory: %q", with.Answer)
	without, ok := b.play(t, next, false)
	require.Empty(t, without.MemoryIDs)
	require.False(t, ok, "without memory: %q", without.Answer)

	// Recipes stay within their task type: an episode of another type
	// retrieves none and fails.
	other := eps[2]
	require.NotEqual(t, explored.TaskType(), other.TaskType())
	r, ok := b.play(t, other, true)
	require.Empty(t, r.MemoryIDs)
	require.False(t, ok)
}

// playWith answers ep through a, with memory, and plays the answer; it
// returns the reply, whether the goal held and the prompt the learner got.
func (b bundle) playWith(t *testing.T, a *answer.Service, ep world.Episode) (answer.Reply, bool, string) {
	t.Helper()
	zero := 0.0
	r, err := a.Answer(b.ctx, b.ns, answer.Question{TaskType: ep.TaskType(), Question: ep.Prompt(), Temperature: &zero, NoRouting: true})
	require.NoError(t, err)
	reqs := b.fake.Requests()
	var prompt string
	for i := len(reqs) - 1; i >= 0 && prompt == ""; i-- {
		if c := reqs[i].Chat; c != nil && c.Task == "answer" {
			prompt = c.Prompt
		}
	}
	return r, world.Grade(ep, r.Answer), prompt
}

// lastPrompt is the prompt of the last request of task the fake got.
func lastPrompt(b bundle, task string) string {
	reqs := b.fake.Requests()
	for i := len(reqs) - 1; i >= 0; i-- {
		if c := reqs[i].Chat; c != nil && c.Task == task {
			return c.Prompt
		}
	}
	return ""
}

// heldOutOf returns an episode of ep's task type with another start and
// another object than ep's.
func heldOutOf(t *testing.T, ep world.Episode, eps []world.Episode) world.Episode {
	t.Helper()
	for _, o := range eps {
		if o.TaskType() == ep.TaskType() && o.Start != ep.Start && o.Goal.Object != ep.Goal.Object && o.Goal.Target != ep.Goal.Target {
			return o
		}
	}
	t.Fatalf("no held-out episode for %s", ep.ID)
	return world.Episode{}
}

// The learner reads G_env: the cascade's component E serves an
// environment episode the relations the Explorer wrote, those of the
// episode's own entities first, and the explored episode's recipe carries
// its steps with roles. With both, an episode of the task type with
// another start and another goal, never explored, reaches its goal; with
// E switched off the learner copies the recipe and does not, and before
// any exploration E is absent.
func TestTheLearnerReadsGEnvAndTransfersTheRecipe(t *testing.T) {
	t.Parallel()
	b := setup(t)
	eps := world.Episodes(1, 10_000, "gen")
	explored := eps[2]
	require.Equal(t, world.TaskPlace, explored.TaskType())
	heldOut := heldOutOf(t, explored, eps)
	on, builder := b.withCascade(cascade.Components{Environment: true})
	off, _ := b.withCascade(cascade.Components{})

	pack := &retrieval.Pack{Rendered: "memory"}
	blk, err := builder.Environment(b.ctx, b.ns, heldOut.TaskType(), heldOut.Prompt(), pack)
	require.NoError(t, err)
	require.Nil(t, blk, "G_env is empty: no component")
	require.Equal(t, "memory", pack.Rendered)

	res, err := b.explorer.Explore(b.ctx, b.ns, explored, "gen")
	require.NoError(t, err)
	require.True(t, res.Success)

	blk, err = builder.Environment(b.ctx, b.ns, heldOut.TaskType(), heldOut.Prompt(), pack)
	require.NoError(t, err)
	require.NotNil(t, blk)
	t.Logf("component E for %s (%d facts):\n%s", heldOut.Goal.Text(), len(blk.Facts), blk.Rendered)
	require.LessOrEqual(t, len([]rune(blk.Rendered)), cascade.DefaultWorldChars)
	require.Equal(t, 1, blk.Facts[0].Hops)
	w := world.NewWorld(1)
	require.Contains(t, blk.Rendered, "\n- "+heldOut.Goal.Object+": in "+w.Objects[heldOut.Goal.Object])
	require.Contains(t, blk.Rendered, "\n- "+heldOut.Goal.Target+": in "+w.Containers[heldOut.Goal.Target])
	require.Contains(t, blk.Rendered, "\n- "+heldOut.Start+": door_to "+strings.Join(w.Doors[heldOut.Start], ", "))
	for product, ing := range w.Crafts {
		require.Contains(t, blk.Rendered, "\n- "+product+": needs "+min(ing[0], ing[1])+", "+max(ing[0], ing[1]))
	}
	for c, closed := range w.Closed {
		require.Equal(t, closed, strings.Contains(blk.Rendered, "\n- "+c+": in "+w.Containers[c]+"; is closed"), c)
	}
	// The saved Browser query shows the facts E lists first.
	browser, err := fs.ReadFile(graph.CypherFiles, "cypher/browser/14_environment_served.cypher")
	require.NoError(t, err)
	session := testenv.Neo4j(t).NewSession(b.ctx, neo4j.SessionConfig{AccessMode: neo4j.AccessModeRead})
	defer session.Close(b.ctx)
	names := []string{heldOut.Goal.Object, heldOut.Goal.Target, heldOut.Start}
	rows, err := session.Run(b.ctx, string(browser), map[string]any{"namespace": b.ns, "names": names})
	require.NoError(t, err)
	served, err := rows.Collect(b.ctx)
	require.NoError(t, err)
	require.Greater(t, len(served), len(w.Doors[heldOut.Start])+2, "the start's doors, where the object and the target are, and beyond")
	for _, rec := range served {
		require.Contains(t, names, rec.Values[0].(neo4j.Path).Nodes[0].Props["name"])
	}

	other, err := builder.Environment(b.ctx, b.ns, "arithmetic", heldOut.Prompt(), pack)
	require.NoError(t, err)
	require.Nil(t, other, "only environment task types read G_env")

	with, ok, prompt := b.playWith(t, on, heldOut)
	require.Contains(t, with.MemoryIDs, res.ExperienceID)
	require.Regexp(t, `Procedure proc:world_place:v1, the recipe's actions with the goal's entities as roles: [^\n]*take <object>;[^\n]*put <object> in <container>`, prompt)
	require.Contains(t, prompt, cascade.EnvironmentHeading)
	require.NotEqual(t, res.Recipe, with.Answer)
	require.True(t, ok, "with G_env: %q", with.Answer)

	without, ok, prompt := b.playWith(t, off, heldOut)
	require.NotContains(t, prompt, cascade.EnvironmentHeading)
	require.Equal(t, res.Recipe, without.Answer, "without the facts the learner copies the recipe")
	require.False(t, ok)
}

// A reply the model cannot make valid skips its observation and the tour
// goes on; a model server that fails ends the exploration with its error
// instead of an empty G_env.
func TestExplorerSkipsInvalidRepliesAndStopsOnAServerError(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ep := world.Episodes(2, 1, "skip")[0]
	invalid := 0
	b.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "explore" || !strings.Contains(v.Text(), "Observation:\nYou are in the "+ep.Start+".") {
			return "", false
		}
		invalid++
		return `{"entities": "none"}`, true // the first look, and each repair of it
	})
	res, err := b.explorer.Tour(b.ctx, b.ns, ep, "skip")
	require.NoError(t, err)
	require.Greater(t, invalid, 1, "the invalid reply was sent back for repair")
	require.Equal(t, 1, res.Skipped)
	require.Equal(t, len(world.Tour(ep)), res.Observations, "every other observation is written")

	b.fake.InjectFault(ollamafake.Fault{Status: http.StatusInternalServerError})
	res, err = b.explorer.Explore(b.ctx, b.ns, world.Episodes(2, 2, "skip")[1], "down")
	require.Error(t, err)
	require.Zero(t, res.Observations)
	require.False(t, res.Success, "nothing harvested")
}

// The Explorer harvests only what the model's own reading of the world
// lets it plan. A model that names the entities but no relation leaves
// G_env without a fact: no plan is asked for and nothing is harvested.
// One that reads the doors but not where anything is gets a plan asked
// over the doors, which does not reach the goal when played: nothing is
// harvested either, and the learner retrieves no recipe.
func TestExplorerHarvestsNothingTheModelDidNotObserve(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		relations func(evokg.ExploreReply) []evokg.ObservedRelation
		planned   int
	}{
		{"no relation", func(evokg.ExploreReply) []evokg.ObservedRelation { return []evokg.ObservedRelation{} }, 0},
		{"only doors", func(r evokg.ExploreReply) []evokg.ObservedRelation {
			return slices.DeleteFunc(r.Relations, func(o evokg.ObservedRelation) bool { return o.Relation != "door_to" })
		}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t)
			b.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
				full, ok := worldtest.Explorer(v)
				if !ok {
					return "", false
				}
				var r evokg.ExploreReply
				require.NoError(t, json.Unmarshal([]byte(full), &r))
				r.Relations = c.relations(r)
				out, err := json.Marshal(r)
				require.NoError(t, err)
				return string(out), true
			})
			ep := world.Episodes(1, 3, "blind")[2]
			res, err := b.explorer.Explore(b.ctx, b.ns, ep, "blind")
			require.NoError(t, err)
			t.Logf("%s: %+v", c.name, res)
			require.Positive(t, res.Entities)
			require.Equal(t, len(world.Tour(ep))+1, res.Observations)
			require.Equal(t, c.planned, b.fake.CountTask("plan_actions"))
			require.Equal(t, res.Observations+c.planned, res.ModelCalls)
			require.False(t, res.Success)
			require.Empty(t, res.Recipe)
			require.Equal(t, uuid.Nil, res.ExperienceID)
			r, ok := b.play(t, ep, true)
			require.Empty(t, r.MemoryIDs, "no recipe in memory")
			require.False(t, ok)
		})
	}
}

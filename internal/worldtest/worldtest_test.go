package worldtest

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/world"
)

// touredFacts tours ep's world, has Explorer read every observation and
// returns the relations it listed, each once (as G_env merges them).
func touredFacts(t *testing.T, ep world.Episode) []graph.WorldFact {
	t.Helper()
	tour := world.Tour(ep)
	ep.MaxSteps = len(tour)
	s := world.NewSession(ep)
	texts := []string{s.Look()}
	for _, a := range tour {
		texts = append(texts, s.Do(a))
	}
	var out []graph.WorldFact
	for _, text := range texts {
		reply, ok := Explorer(ollamafake.ChatRequestView{Task: "explore", Prompt: "Observation:\n" + text})
		require.True(t, ok)
		var obs evokg.ExploreReply
		require.NoError(t, json.Unmarshal([]byte(reply), &obs))
		require.Less(t, len(obs.Entities), maxEntities, "nothing cut: %s", text)
		require.Less(t, len(obs.Relations), maxRelations, "nothing cut: %s", text)
		for _, r := range obs.Relations {
			if f := (graph.WorldFact{From: r.From, Relation: r.Relation, To: r.To}); !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// memoryBlock is a memory block as the learner's prompt carries it: one
// worked success (a recipe of another episode, with its procedure unless
// withProcedure is false), then the environment facts when there are any.
func memoryBlock(recipe world.Episode, withProcedure bool, facts string) string {
	plan, _ := world.Solve(recipe)
	item := "Question: " + recipe.Prompt() + "\nAnswer: " + world.Join(plan)
	if withProcedure {
		item += "\n" + world.Generalise(recipe, plan).Text()
	}
	block := "Successful examples (follow these approaches):\n1. " + strings.ReplaceAll(item, "\n", "\n   ")
	if facts != "" {
		block += "\n\n" + facts
	}
	return "Memories:\n" + block + "\n\n"
}

func learn(t *testing.T, block string, ep world.Episode) string {
	t.Helper()
	reply, ok := Learner(ollamafake.ChatRequestView{Task: "answer", Prompt: block + "Question: " + ep.Prompt()})
	require.True(t, ok)
	var r struct{ Answer string }
	require.NoError(t, json.Unmarshal([]byte(reply), &r))
	return r.Answer
}

// The honest learner reaches another episode's goal only with both halves
// of memory: a recipe's procedure with roles says what to do, the facts
// the Explorer read off the tour say where. Over every episode of three
// worlds, the procedure of one episode per task type and the rendered
// facts solve every other episode; the copied recipe alone solves few,
// and without memory none. A fetch recipe whose object lay in the target
// room walks there before taking it, and its procedure, followed in
// order, ends elsewhere: such a recipe is not the one chosen.
func TestLearnerInstantiatesAProcedureOverTheToursFacts(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 3; seed++ {
		eps := world.Episodes(seed, 10_000, "t")
		facts := touredFacts(t, eps[0])
		rendered := cascade.RenderFacts(facts, cascade.DefaultWorldChars)
		require.Equal(t, cascade.RenderFacts(facts, 1<<20), rendered, "every fact fits the default bound")
		recipes := map[string]world.Episode{}
		w := world.NewWorld(seed)
		for _, ep := range eps {
			inPlace := ep.Goal.Kind == world.KindFetch && w.RoomOf(w.Objects[ep.Goal.Object]) == ep.Goal.Target
			if _, ok := recipes[ep.TaskType()]; !ok && !inPlace {
				recipes[ep.TaskType()] = ep
			}
		}
		var full, copied, none, total int
		for _, ep := range eps {
			recipe := recipes[ep.TaskType()]
			if ep.ID == recipe.ID {
				continue
			}
			total++
			if world.Grade(ep, learn(t, memoryBlock(recipe, true, rendered), ep)) {
				full++
			}
			if world.Grade(ep, learn(t, memoryBlock(recipe, true, ""), ep)) {
				copied++
			}
			if world.Grade(ep, learn(t, "", ep)) {
				none++
			}
		}
		t.Logf("world %d: %d facts in %d characters; of %d episodes, procedure and facts solve %d, the copied recipe %d, no memory %d",
			seed, len(facts), len([]rune(rendered)), total, full, copied, none)
		require.Equal(t, total, full)
		require.Less(t, copied, total/4)
		require.Zero(t, none)
	}
}

// Facts without a procedure do not tell the learner what to do: it
// copies the recipe's actions.
func TestLearnerWithoutAProcedureCopiesTheRecipe(t *testing.T) {
	t.Parallel()
	eps := world.Episodes(1, 3, "t")
	rendered := cascade.RenderFacts(touredFacts(t, eps[0]), cascade.DefaultWorldChars)
	plan, err := world.Solve(eps[0])
	require.NoError(t, err)
	require.Equal(t, world.Join(plan), learn(t, memoryBlock(eps[0], false, rendered), eps[0]))
	require.Equal(t, NoMemoryAnswer, learn(t, rendered+"\n\n", eps[0]))
}

func plan(t *testing.T, facts string, ep world.Episode) string {
	t.Helper()
	reply, ok := Planner(ollamafake.ChatRequestView{Task: "plan_actions", Prompt: "Task type: " + ep.TaskType() + "\n\n" + facts + "\n\nTask:\n" + ep.Prompt()})
	require.True(t, ok)
	var r struct{ Answer string }
	require.NoError(t, json.Unmarshal([]byte(reply), &r))
	return r.Answer
}

// The Explorer's planner reaches a goal only over facts of the goal's own
// world: over the tour's facts every episode of three worlds, over another
// world's facts few, over none none.
func TestPlannerPlansOverTheFactsOfItsWorld(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 3; seed++ {
		eps := world.Episodes(seed, 10_000, "t")
		own := cascade.RenderFacts(touredFacts(t, eps[0]), cascade.DefaultWorldChars)
		other := cascade.RenderFacts(touredFacts(t, world.Episodes(seed+10, 1, "o")[0]), cascade.DefaultWorldChars)
		var solved, elsewhere int
		for _, ep := range eps {
			if world.Grade(ep, plan(t, own, ep)) {
				solved++
			}
			if world.Grade(ep, plan(t, other, ep)) {
				elsewhere++
			}
			require.Equal(t, NoMemoryAnswer, plan(t, "", ep))
		}
		t.Logf("world %d: of %d episodes the plan over its facts reaches %d, over another world's %d", seed, len(eps), solved, elsewhere)
		require.Equal(t, len(eps), solved)
		require.Less(t, elsewhere, len(eps)/4)
	}
}

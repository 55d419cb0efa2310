package world

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestWorldIsDeterministicAndConnected(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 20; seed++ {
		w := NewWorld(seed)
		require.Equal(t, w, NewWorld(seed), "seed %d", seed)
		require.Len(t, w.Rooms, worldRooms)
		require.Len(t, w.Containers, worldContainers)
		require.Len(t, w.Objects, worldObjects)
		require.Len(t, w.Crafts, worldCrafts)
		for _, room := range w.Rooms {
			require.Equal(t, room, last(w.Rooms[0], w.path(w.Rooms[0], room)), "seed %d: %s is reachable", seed, room)
		}
		for _, ing := range w.Crafts {
			require.Contains(t, w.Objects, ing[0])
			require.Contains(t, w.Objects, ing[1])
		}
	}
	require.NotEqual(t, NewWorld(1), NewWorld(2))
}

func last(start string, path []string) string {
	if len(path) == 0 {
		return start
	}
	return path[len(path)-1]
}

// Every episode of several worlds is solvable within its budget, its goal
// does not hold before acting, and a plan cut short fails.
func TestEveryEpisodeIsSolvableAndNotTrivial(t *testing.T) {
	t.Parallel()
	for seed := uint64(1); seed <= 10; seed++ {
		eps := Episodes(seed, 10_000, "t")
		require.Greater(t, len(eps), 100)
		for _, ep := range eps {
			plan, err := Solve(ep)
			require.NoError(t, err)
			require.LessOrEqual(t, len(plan), DefaultMaxSteps, ep.ID)
			res := Run(ep, plan)
			require.True(t, res.Success, "%s %+v: %s", ep.ID, ep.Goal, Join(plan))
			require.Equal(t, len(plan), res.Steps)
			require.False(t, Run(ep, plan[:len(plan)-1]).Success, ep.ID)
			require.False(t, Run(ep, nil).Success, ep.ID)
			require.True(t, Grade(ep, Join(plan)), ep.ID)
			require.Equal(t, Signature(plan), PlayedSignature(ep, Join(plan)+"; look; dance"), "actions after the goal are not played")
		}
	}
}

func TestEpisodesAreDistinctInterleavedAndSeeded(t *testing.T) {
	t.Parallel()
	eps := Episodes(3, 30, "world")
	require.Len(t, eps, 30)
	require.Equal(t, eps, Episodes(3, 30, "world"))
	require.NotEqual(t, eps, Episodes(4, 30, "world"))
	seen := map[string]bool{}
	types := map[string]int{}
	for i, ep := range eps {
		require.Equal(t, fmt.Sprintf("world-3-%04d", i), ep.ID)
		key := fmt.Sprintf("%s/%+v", ep.Start, ep.Goal)
		require.False(t, seen[key], "duplicate episode %s", key)
		seen[key] = true
		types[ep.TaskType()]++
	}
	require.Equal(t, map[string]int{TaskCraft: 10, TaskFetch: 10, TaskPlace: 10}, types)
	all := Episodes(3, 10_000, "world")
	require.Len(t, all, len(candidates(NewWorld(3), KindCraft))+len(candidates(NewWorld(3), KindFetch))+len(candidates(NewWorld(3), KindPlace)))
}

// The tour visits every room, opens every closed container and so shows
// every object, and ends where it started.
func TestTourObservesTheWholeWorld(t *testing.T) {
	t.Parallel()
	ep := Episodes(5, 1, "t")[0]
	w := NewWorld(5)
	tour := Tour(ep)
	s := NewSession(Episode{World: 5, Start: ep.Start, Goal: Goal{Kind: KindCraft, Object: "nothing"}, MaxSteps: len(tour)})
	var seen strings.Builder
	seen.WriteString(s.Look())
	for _, a := range tour {
		seen.WriteString(s.Do(a))
	}
	require.Equal(t, len(tour), s.Steps())
	require.Equal(t, ep.Start, s.room)
	for _, name := range append(append(w.Rooms, w.ContainerNames()...), w.ObjectNames()...) {
		require.Contains(t, seen.String(), name)
	}
	for c, closed := range w.Closed {
		require.Equal(t, closed, strings.Contains(Join(tour), "open "+c), c)
	}
	for product, ing := range w.Crafts {
		require.Contains(t, seen.String(), fmt.Sprintf("To craft %s %s you must carry the %s and the %s.", article(product), product, ing[0], ing[1]))
	}
}

// A recipe generalised with roles is its actions with the goal's entities
// replaced by their roles and nothing else changed: no step is added or
// dropped, and nothing is read from the world.
func TestGeneraliseNamesTheGoalsEntitiesByRole(t *testing.T) {
	t.Parallel()
	ep := Episode{ID: "t", World: 4, Start: "hall", Goal: Goal{Kind: KindPlace, Object: "rope", Target: "drawer"}}
	plan := ParseActions("go cellar; open chest; take rope; go hall; open drawer; put rope in drawer")
	p := Generalise(ep, plan)
	require.Equal(t, "proc:world_place:v1", p.Name)
	require.Equal(t, []string{"go cellar", "open chest", "take <object>", "go hall", "open <container>", "put <object> in <container>"}, p.Steps)
	require.Equal(t, map[string]string{"object": "rope", "container": "drawer"}, p.Roles)
	require.Equal(t, "Procedure proc:world_place:v1, the recipe's actions with the goal's entities as roles: "+strings.Join(p.Steps, "; ")+
		"\nRoles in this recipe: <container> = drawer, <object> = rope; bind them to the goal's entities; the other names are the recipe's own episode's.", p.Text())

	craft := Episode{World: 4, Start: "hall", Goal: Goal{Kind: KindCraft, Object: "torch"}}
	p = Generalise(craft, ParseActions("take stick; take cloth; craft torch"))
	require.Equal(t, []string{"take stick", "take cloth", "craft <item>"}, p.Steps, "an ingredient is no role of the goal")
	require.Equal(t, map[string]string{"item": "torch"}, p.Roles)

	fetch := Episode{World: 4, Start: "hall", Goal: Goal{Kind: KindFetch, Object: "key", Target: "attic"}}
	require.Equal(t, []string{"take <object>", "go <room>"}, Generalise(fetch, ParseActions("take key; go attic")).Steps)
	require.True(t, IsTaskType(TaskFetch))
	require.False(t, IsTaskType("arithmetic"))
}

func TestSessionRulesAndBudget(t *testing.T) {
	t.Parallel()
	w := NewWorld(7)
	var closed, far string
	for _, c := range w.ContainerNames() {
		if w.Closed[c] {
			closed = c
		}
	}
	require.NotEmpty(t, closed)
	room := w.Containers[closed]
	for _, r := range w.Rooms {
		if r != room && !strings.Contains(strings.Join(w.Doors[room], ","), r) {
			far = r
		}
	}
	ep := Episode{World: 7, Start: room, Goal: Goal{Kind: KindCraft, Object: "nothing"}, MaxSteps: 4}
	s := NewSession(ep)
	require.Contains(t, s.Look(), closed+" (closed)")
	if far != "" {
		require.Contains(t, s.Do(Action{Verb: "go", Object: far}), "No door leads")
		require.Equal(t, room, s.room)
	}
	require.Contains(t, s.Do(Action{Verb: "put", Object: "apple", Target: closed}), "You do not carry")
	require.Contains(t, s.Do(Action{Verb: "dance"}), "is not an action")
	require.Contains(t, s.Do(Action{Verb: "open", Object: closed}), "You open the "+closed)
	if far == "" {
		require.False(t, s.Over())
		s.Do(Action{Verb: "look"})
	}
	require.True(t, s.Over(), "the budget of 4 steps is spent")
	require.Equal(t, "The episode is over.", s.Do(Action{Verb: "look"}))
	require.Equal(t, 4, s.Steps())
}

func TestParseActions(t *testing.T) {
	t.Parallel()
	got := ParseActions("1. Go to the Kitchen;\n- open fridge; Take the apple;put apple into the box ; craft a torch; look; fly away;;")
	want := []Action{{Verb: "go", Object: "kitchen"}, {Verb: "open", Object: "fridge"}, {Verb: "take", Object: "apple"},
		{Verb: "put", Object: "apple", Target: "box"}, {Verb: "craft", Object: "torch"}, {Verb: "look"}, {Verb: "fly away"}}
	require.Equal(t, want, got)
	require.Equal(t, "go kitchen; open fridge; take apple; put apple in box; craft torch; look; fly away", Join(got))
	require.Equal(t, []string{"move_to_room", "open_container", "take_object", "put_in_container", "craft_item", "look", "unknown_action"}, Signature(got))
	require.Equal(t, []string{"move_to_room", "take_object"}, Signature(ParseActions("go hall; go study; take key")))
	require.Empty(t, ParseActions(" ; \n "))
}

func TestPromptShowsGoalStartAndGrammar(t *testing.T) {
	t.Parallel()
	ep := Episodes(2, 3, "t")[2]
	p := ep.Prompt()
	require.True(t, strings.HasPrefix(p, "Goal: "+ep.Goal.Text()+"\nYou are in the "+ep.Start+"."), p)
	require.Contains(t, p, Grammar)
}

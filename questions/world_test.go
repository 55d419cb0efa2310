package questions_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/world"
)

// The environment pool is graded by playing the answer: a plan that
// reaches the goal (the oracle's, here in a test) and any other sequence
// that does are right, the plan without its last action is wrong. The
// gold answer is the goal, no plan: nothing an oracle wrote is in the pool.
func TestWorldPoolGradesByPlaying(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	items, err := questions.GenerateBuiltin(questions.World, 30, 4)
	require.NoError(t, err)
	again, err := questions.GenerateWorld(30, 4)
	require.NoError(t, err)
	require.Equal(t, items, again)
	g := questions.Grader{}
	types := map[string]int{}
	for _, it := range items {
		require.NotNil(t, it.Episode)
		require.Equal(t, it.Episode.Prompt(), it.Question)
		require.Equal(t, it.Episode.TaskType(), it.TaskType)
		require.Equal(t, it.Episode.Goal.Text(), it.Answer)
		types[it.TaskType]++
		oracle, err := world.Solve(*it.Episode)
		require.NoError(t, err)
		plan := world.Join(oracle)
		for answer, want := range map[string]bool{
			plan:                 true,
			"look; " + plan:      true, // a detour that still reaches the goal
			trimLastAction(plan): false,
			"look":               false,
			it.Answer:            false, // the goal is no action
		} {
			ok, err := g.Grade(ctx, it, answer)
			require.NoError(t, err)
			require.Equal(t, want, ok, "%s: %q", it.ID, answer)
		}
	}
	require.Equal(t, map[string]int{world.TaskCraft: 10, world.TaskFetch: 10, world.TaskPlace: 10}, types)

	_, err = questions.GenerateWorld(20_001, 4)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	require.True(t, questions.IsBuiltin(questions.World))
	require.Equal(t, "world_craft", world.TaskCraft)

	// The previous release's name of the pool still names it.
	require.True(t, questions.IsBuiltin("env"))
	require.Equal(t, questions.World, questions.PoolName("env"))
	former, err := questions.GenerateBuiltin("env", 30, 4)
	require.NoError(t, err)
	require.Equal(t, items, former)
	require.True(t, world.IsTaskType("env_craft"), "a namespace of the previous release keeps its world task types")
	require.False(t, world.IsTaskType("craft"))

	p, err := questions.Split(questions.World, items, questions.Fractions{Validation: 0.2, Test: 0.2}, 4)
	require.NoError(t, err)
	require.Len(t, p.Test, 6)
	require.NotNil(t, p.Test[0].Episode, "the split keeps the episodes")
}

// No world of the world pool is in two splits: training never visits a
// world a validation or test episode is played in. At every size (one
// world or several per split), seed and share, a split's worlds are its
// own, the training episodes start in the world of the pool's seed, and
// each split gets as many items as Split gives any other pool.
func TestWorldPoolPutsEachWorldInOneSplit(t *testing.T) {
	t.Parallel()
	for _, size := range []int{30, 200, 700} {
		for _, f := range []questions.Fractions{{Validation: 0.2, Test: 0.2}, {Validation: 0.1, Test: 0.1}, {Test: 0.34}} {
			for seed := uint64(1); seed <= 3; seed++ {
				p, err := questions.PoolSpec{Name: questions.World, Size: size, Seed: seed, Validation: f.Validation, Test: f.Test}.Build()
				require.NoError(t, err)
				splitOf := map[uint64]string{}
				for _, it := range append(append(slices.Clone(p.Train), p.Validation...), p.Test...) {
					w := it.Episode.World
					if prev, ok := splitOf[w]; ok {
						require.Equal(t, prev, it.Split, "size %d %+v seed %d: world %d in %s and %s", size, f, seed, w, prev, it.Split)
					}
					splitOf[w] = it.Split
				}
				require.Equal(t, questions.SplitTrain, splitOf[seed])
				plain := make([]questions.Item, size)
				for i := range plain {
					plain[i] = questions.Item{ID: fmt.Sprint(i), Question: fmt.Sprint(i), Answer: "x"}
				}
				want, err := questions.Split("plain", plain, f, seed)
				require.NoError(t, err)
				require.Equal(t, want.Sizes(), p.Sizes(), "size %d %+v", size, f)
				worlds := map[string]int{}
				for _, split := range splitOf {
					worlds[split]++
				}
				t.Logf("size %d %+v seed %d: %+v in %v worlds", size, f, seed, p.Sizes(), worlds)
			}
		}
	}
}

func trimLastAction(answer string) string {
	actions := world.ParseActions(answer)
	return world.Join(actions[:len(actions)-1])
}

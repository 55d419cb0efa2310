package questions_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/world"
)

// The environment pool is graded by playing the answer: the gold plan and
// any other sequence that reaches the goal are right, the gold text
// without its last action is wrong.
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
		types[it.TaskType]++
		for answer, want := range map[string]bool{
			it.Answer:                 true,
			"look; " + it.Answer:      true, // a detour that still reaches the goal
			trimLastAction(it.Answer): false,
			"look":                    false,
		} {
			ok, err := g.Grade(ctx, it, answer)
			require.NoError(t, err)
			require.Equal(t, want, ok, "%s: %q", it.ID, answer)
		}
	}
	require.Equal(t, map[string]int{world.TaskCraft: 10, world.TaskFetch: 10, world.TaskPlace: 10}, types)

	_, err = questions.GenerateWorld(100_000, 4)
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

func trimLastAction(answer string) string {
	actions := world.ParseActions(answer)
	return world.Join(actions[:len(actions)-1])
}

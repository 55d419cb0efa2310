package pool_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/env"
	"github.com/evokg/evokg/pool"
)

// The environment pool is graded by playing the answer: the gold plan and
// any other sequence that reaches the goal are right, the gold text
// without its last action is wrong.
func TestEnvPoolGradesByPlaying(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	items, err := pool.GenerateBuiltin(pool.Env, 30, 4)
	require.NoError(t, err)
	again, err := pool.GenerateEnv(30, 4)
	require.NoError(t, err)
	require.Equal(t, items, again)
	g := pool.Grader{}
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
	require.Equal(t, map[string]int{env.TaskCraft: 10, env.TaskFetch: 10, env.TaskPlace: 10}, types)

	_, err = pool.GenerateEnv(100_000, 4)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	require.True(t, pool.IsBuiltin(pool.Env))

	p, err := pool.Split(pool.Env, items, pool.Fractions{Validation: 0.2, Test: 0.2}, 4)
	require.NoError(t, err)
	require.Len(t, p.Test, 6)
	require.NotNil(t, p.Test[0].Episode, "the split keeps the episodes")
}

func trimLastAction(answer string) string {
	actions := env.ParseActions(answer)
	return env.Join(actions[:len(actions)-1])
}

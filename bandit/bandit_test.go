package bandit_test

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
)

type bundle struct {
	ctx context.Context
	ns  string
	b   *bandit.Bandit
	cfg bandit.Config
}

func setup(t *testing.T, cfg bandit.Config) bundle {
	t.Helper()
	pool := testenv.Postgres(t)
	if cfg.Seed == 0 {
		cfg.Seed = 7
	}
	b, err := bandit.New(pool, cfg, testenv.Logger(t))
	require.NoError(t, err)
	return bundle{ctx: context.Background(), ns: testenv.Namespace(t), b: b, cfg: cfg}
}

// pullAndReward selects a search arm for taskType, records an answer and rewards it.
func pullAndReward(t *testing.T, bd bundle, b *bandit.Bandit, taskType string, reward func(arm string) float64) bandit.Choice {
	t.Helper()
	c, err := b.Select(bd.ctx, bd.ns, bandit.Search, taskType)
	require.NoError(t, err)
	id, err := b.RecordAnswer(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: taskType, Question: "q", Answer: "a", SearchArm: c.Arm})
	require.NoError(t, err)
	res, err := b.ApplyReward(bd.ctx, bd.ns, id, reward(c.Arm))
	require.NoError(t, err)
	require.True(t, res.Applied)
	return c
}

func TestThompsonFindsBestBernoulliArm(t *testing.T) {
	t.Parallel()
	arms := []string{"p02", "p05", "p08"}
	p := map[string]float64{"p02": 0.2, "p05": 0.5, "p08": 0.8}
	bd := setup(t, bandit.Config{SearchArms: arms, Seed: 20260101})
	env := rand.New(rand.NewPCG(1, 2))
	bernoulli := func(arm string) float64 {
		if env.Float64() < p[arm] {
			return 1
		}
		return 0
	}
	const rounds = 500
	best, sampled := 0, 0
	for range rounds {
		c := pullAndReward(t, bd, bd.b, "ratio", bernoulli)
		if c.Warmup {
			continue
		}
		sampled++
		if c.Arm == "p08" {
			best++
		}
	}
	require.Equal(t, rounds-3*bandit.DefaultWarmupPulls, sampled)
	share := float64(best) / float64(sampled)
	t.Logf("best arm got %d of %d post-warm-up pulls (%.1f%%)", best, sampled, 100*share)
	require.GreaterOrEqual(t, share, 0.90)

	arms2, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Len(t, arms2, 3)
	require.InDelta(t, 0.8, arms2[2].Mean(), 0.06, "posterior mean of the best arm")
}

func TestWarmupIsRoundRobin(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	arms := bd.b.Arms(bandit.Routing)
	for i := range 4 * bandit.DefaultWarmupPulls {
		c, err := bd.b.Select(bd.ctx, bd.ns, bandit.Routing, "unit_rate_skill")
		require.NoError(t, err)
		require.True(t, c.Warmup, "pull %d", i)
		require.Equal(t, arms[i%len(arms)], c.Arm, "pull %d", i)
	}
	c, err := bd.b.Select(bd.ctx, bd.ns, bandit.Routing, "unit_rate_skill")
	require.NoError(t, err)
	require.False(t, c.Warmup, "sampling starts after 20 pulls per arm")
}

func TestConcurrentSelectionsKeepWarmupExact(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 10 {
				_, err := bd.b.Select(bd.ctx, bd.ns, bandit.Search, "averages")
				require.NoError(t, err)
			}
		})
	}
	wg.Wait()
	arms, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Len(t, arms, 4)
	for _, a := range arms {
		require.EqualValues(t, 20, a.Pulls, a.Arm)
	}
}

func TestPosteriorsSurviveRestart(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	one := func(string) float64 { return 1 }
	for range 6 {
		pullAndReward(t, bd, bd.b, "percentages", one)
	}
	before, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)

	restarted, err := bandit.New(testenv.Postgres(t), bandit.Config{Seed: 99}, testenv.Logger(t))
	require.NoError(t, err)
	after, err := restarted.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Equal(t, before, after)
	require.InDelta(t, 3.0/4.0, after[0].Mean(), 1e-9, "semantic: 2 successes on Beta(1,1)")
	// The warm-up continues where the first process left off (6 pulls → arm 6 mod 4).
	c, err := restarted.Select(bd.ctx, bd.ns, bandit.Search, "percentages")
	require.NoError(t, err)
	require.Equal(t, bandit.DefaultSearchArms[2], c.Arm)
}

func TestRewardAppliedOnceEvenConcurrently(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	search, err := bd.b.Select(bd.ctx, bd.ns, bandit.Search, "unit_rates")
	require.NoError(t, err)
	route, err := bd.b.Select(bd.ctx, bd.ns, bandit.Routing, "divide")
	require.NoError(t, err)
	id, err := bd.b.RecordAnswer(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: "unit_rates", Skill: "divide",
		Question: "q", Answer: "12", SearchArm: search.Arm, RoutingArm: route.Arm})
	require.NoError(t, err)

	var wg sync.WaitGroup
	var mu sync.Mutex
	applied := 0
	for range 10 {
		wg.Go(func() {
			res, err := bd.b.ApplyReward(bd.ctx, bd.ns, id, 0)
			require.NoError(t, err)
			mu.Lock()
			defer mu.Unlock()
			if res.Applied {
				applied++
			}
		})
	}
	wg.Wait()
	require.Equal(t, 1, applied)

	arms, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	for _, a := range arms {
		wantBeta := 1.0
		if (a.Kind == bandit.Search && a.Arm == search.Arm) || (a.Kind == bandit.Routing && a.Arm == route.Arm) {
			wantBeta = 2
		}
		require.Equal(t, 1.0, a.Alpha, "%s/%s", a.Kind, a.Arm)
		require.Equal(t, wantBeta, a.Beta, "%s/%s", a.Kind, a.Arm)
	}
	stats, err := bd.b.TaskTypes(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Equal(t, []bandit.TaskTypeStats{{Name: "unit_rates", NSeen: 1, NFail: 1}}, stats)
}

func TestRewardErrors(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	_, err := bd.b.ApplyReward(bd.ctx, bd.ns, uuid.New(), 1)
	require.Equal(t, evokg.ENOTFOUND, evokg.ErrorCode(err))
	_, err = bd.b.ApplyReward(bd.ctx, bd.ns, uuid.New(), 1.5)
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	_, err = bd.b.RecordAnswer(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: "x", SearchArm: "telepathy"})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	_, err = bd.b.Select(bd.ctx, bd.ns, bandit.Kind("other"), "x")
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

func TestRestoreRollsPosteriorsBack(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	half := func(string) float64 { return 0.5 }
	for range 5 {
		pullAndReward(t, bd, bd.b, "state_tracking", half)
	}
	snap, err := bd.b.Snapshot(bd.ctx, bd.ns)
	require.NoError(t, err)

	one := func(string) float64 { return 1 }
	for range 7 {
		pullAndReward(t, bd, bd.b, "state_tracking", one)
		pullAndReward(t, bd, bd.b, "new_type", one)
	}
	moved, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.NotEqual(t, snap, bandit.Posteriors(moved[:4]))

	require.NoError(t, bd.b.Restore(bd.ctx, bd.ns, snap))
	after, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Len(t, after, 8)
	// Arms are listed by context: new_type first, then state_tracking.
	for _, a := range after[:4] {
		require.Equal(t, "new_type", a.Context)
		require.Equal(t, [3]float64{1, 1, 0}, [3]float64{a.Alpha, a.Beta, float64(a.Pulls)}, "arms created after the snapshot return to the prior")
	}
	require.Equal(t, snap, bandit.Posteriors(after[4:]))
}

func TestRestoreConcurrentWithRewards(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	var ids []uuid.UUID
	for i := range 40 {
		taskType := []string{"a", "b"}[i%2]
		s, err := bd.b.Select(bd.ctx, bd.ns, bandit.Search, taskType)
		require.NoError(t, err)
		r, err := bd.b.Select(bd.ctx, bd.ns, bandit.Routing, "skill-"+taskType)
		require.NoError(t, err)
		id, err := bd.b.RecordAnswer(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: taskType, Skill: "skill-" + taskType,
			Question: "q", Answer: "a", SearchArm: s.Arm, RoutingArm: r.Arm})
		require.NoError(t, err)
		ids = append(ids, id)
	}
	snap, err := bd.b.Snapshot(bd.ctx, bd.ns)
	require.NoError(t, err)
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := w; i < len(ids); i += 4 {
				_, err := bd.b.ApplyReward(bd.ctx, bd.ns, ids[i], 1)
				require.NoError(t, err)
			}
		})
	}
	for range 2 {
		wg.Go(func() {
			for range 10 {
				require.NoError(t, bd.b.Restore(bd.ctx, bd.ns, snap))
			}
		})
	}
	wg.Wait()
	stats, err := bd.b.TaskTypes(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Equal(t, []bandit.TaskTypeStats{{Name: "a", NSeen: 20}, {Name: "b", NSeen: 20}}, stats, "every reward counted once")
}

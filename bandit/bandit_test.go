package bandit_test

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
)

type bundle struct {
	ctx  context.Context
	ns   string
	pool *pgxpool.Pool
	b    *bandit.Bandit
	cfg  bandit.Config
}

func setup(t *testing.T, cfg bandit.Config) bundle {
	t.Helper()
	pool := testenv.Postgres(t)
	if cfg.Seed == 0 {
		cfg.Seed = 7
	}
	b, err := bandit.New(pool, cfg, testenv.Logger(t))
	require.NoError(t, err)
	return bundle{ctx: context.Background(), ns: testenv.Namespace(t), pool: pool, b: b, cfg: cfg}
}

// pullAndReward selects a search arm for taskType, records an answer and rewards it.
func pullAndReward(t *testing.T, bd bundle, b *bandit.Bandit, taskType string, reward func(arm string) float64) bandit.Choice {
	t.Helper()
	c, err := b.Select(bd.ctx, bd.ns, bandit.Search, taskType)
	require.NoError(t, err)
	id, err := answer.NewRecords(bd.pool, b).Record(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: taskType, Question: "q", Answer: "a", SearchArm: c.Arm})
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
	require.Len(t, arms, len(bandit.DefaultSearchArms))
	for _, a := range arms {
		require.EqualValues(t, 80/len(bandit.DefaultSearchArms), a.Pulls, a.Arm)
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
	// The warm-up continues where the first process left off (6 pulls → arm 6 mod 5).
	c, err := restarted.Select(bd.ctx, bd.ns, bandit.Search, "percentages")
	require.NoError(t, err)
	require.Equal(t, bandit.DefaultSearchArms[6%len(bandit.DefaultSearchArms)], c.Arm)
}

func TestRewardAppliedOnceEvenConcurrently(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	search, err := bd.b.Select(bd.ctx, bd.ns, bandit.Search, "unit_rates")
	require.NoError(t, err)
	route, err := bd.b.Select(bd.ctx, bd.ns, bandit.Routing, "divide")
	require.NoError(t, err)
	id, err := answer.NewRecords(bd.pool, bd.b).Record(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: "unit_rates", Skill: "divide",
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
	_, err = answer.NewRecords(bd.pool, bd.b).Record(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: "x", SearchArm: "telepathy"})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	_, err = bd.b.Select(bd.ctx, bd.ns, bandit.Kind("other"), "x")
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

// ledger tracks what a test expects each arm to hold beyond its prior.
type ledger map[[3]string]*[3]float64 // (kind, context, arm) → (α, β, pulls) increments

func (l ledger) add(k bandit.Kind, key, arm string, alpha, beta, pulls float64) {
	id := [3]string{string(k), key, arm}
	if l[id] == nil {
		l[id] = &[3]float64{}
	}
	l[id][0] += alpha
	l[id][1] += beta
	l[id][2] += pulls
}

// turn answers once on taskType (skill "skill-"+taskType) as run (nil: a
// live /answer client) and rewards it with r, noting the pulls and the
// reward in each of into.
func turn(t *testing.T, bd bundle, run *uuid.UUID, taskType string, r float64, into ...ledger) {
	t.Helper()
	skill := "skill-" + taskType
	sel := func(k bandit.Kind, key string) bandit.Choice {
		var c bandit.Choice
		var err error
		if run != nil {
			c, err = bd.b.SelectForRun(bd.ctx, bd.ns, k, key, *run)
		} else {
			c, err = bd.b.Select(bd.ctx, bd.ns, k, key)
		}
		require.NoError(t, err)
		return c
	}
	s, rt := sel(bandit.Search, taskType), sel(bandit.Routing, skill)
	id, err := answer.NewRecords(bd.pool, bd.b).Record(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: taskType, Skill: skill,
		Question: "q", Answer: "a", SearchArm: s.Arm, RoutingArm: rt.Arm, RunID: run})
	require.NoError(t, err)
	res, err := bd.b.ApplyReward(bd.ctx, bd.ns, id, r)
	require.NoError(t, err)
	require.True(t, res.Applied)
	for _, l := range into {
		l.add(bandit.Search, taskType, s.Arm, r, 1-r, 1)
		l.add(bandit.Routing, skill, rt.Arm, r, 1-r, 1)
	}
}

func TestRevertTakesBackOnlyTheRunsOwnContributions(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	run := evokg.NewID()
	keep := ledger{} // what must survive the revert
	for range 5 {
		turn(t, bd, &run, "state_tracking", 0.5, keep)
		turn(t, bd, nil, "state_tracking", 1, keep)
	}
	to, err := bd.b.RunContributions(bd.ctx, bd.ns, run)
	require.NoError(t, err)
	require.NotEmpty(t, to)

	for range 7 {
		turn(t, bd, &run, "state_tracking", 1)
		turn(t, bd, &run, "new_type", 1)
		turn(t, bd, nil, "state_tracking", 0, keep) // live feedback during the iteration
		turn(t, bd, nil, "live_type", 1, keep)
	}
	require.NoError(t, bd.b.Revert(bd.ctx, bd.ns, run, to))
	after, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Len(t, after, 3*len(bandit.DefaultSearchArms)+3*len(bandit.DefaultRoutingArms), "arms of 3 task types and 3 skills")
	for _, a := range after {
		want := [3]float64{}
		if got := keep[[3]string{string(a.Kind), a.Context, a.Arm}]; got != nil {
			want = *got
		}
		require.InDelta(t, 1+want[0], a.Alpha, 1e-9, "%s/%s/%s α", a.Kind, a.Context, a.Arm)
		require.InDelta(t, 1+want[1], a.Beta, 1e-9, "%s/%s/%s β", a.Kind, a.Context, a.Arm)
		require.EqualValues(t, want[2], a.Pulls, "%s/%s/%s pulls", a.Kind, a.Context, a.Arm)
		require.InDelta(t, want[0], a.RewardSum, 1e-9)
	}
	own, err := bd.b.RunContributions(bd.ctx, bd.ns, run)
	require.NoError(t, err)
	require.Equal(t, to, own, "the run's record is back where the snapshot had it")

	require.NoError(t, bd.b.Revert(bd.ctx, bd.ns, run, to))
	again, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Equal(t, after, again, "reverting twice to the same point changes nothing more")
}

func TestRevertConcurrentWithLiveRewards(t *testing.T) {
	t.Parallel()
	bd := setup(t, bandit.Config{})
	run := evokg.NewID()
	for i := range 10 {
		turn(t, bd, &run, []string{"a", "b"}[i%2], 1)
	}
	to, err := bd.b.RunContributions(bd.ctx, bd.ns, run)
	require.NoError(t, err)
	for i := range 10 {
		turn(t, bd, &run, []string{"a", "b"}[i%2], 1)
	}
	var ids []uuid.UUID
	for i := range 40 {
		taskType := []string{"a", "b"}[i%2]
		s, err := bd.b.Select(bd.ctx, bd.ns, bandit.Search, taskType)
		require.NoError(t, err)
		r, err := bd.b.Select(bd.ctx, bd.ns, bandit.Routing, "skill-"+taskType)
		require.NoError(t, err)
		id, err := answer.NewRecords(bd.pool, bd.b).Record(bd.ctx, bandit.Answer{Namespace: bd.ns, TaskType: taskType, Skill: "skill-" + taskType,
			Question: "q", Answer: "a", SearchArm: s.Arm, RoutingArm: r.Arm})
		require.NoError(t, err)
		ids = append(ids, id)
	}
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
				require.NoError(t, bd.b.Revert(bd.ctx, bd.ns, run, to))
			}
		})
	}
	wg.Wait()
	stats, err := bd.b.TaskTypes(bd.ctx, bd.ns)
	require.NoError(t, err)
	require.Equal(t, []bandit.TaskTypeStats{{Name: "a", NSeen: 30}, {Name: "b", NSeen: 30}}, stats,
		"every reward counted once (task-type statistics are not a mutable slot)")
	arms, err := bd.b.List(bd.ctx, bd.ns)
	require.NoError(t, err)
	var alpha, beta float64
	var pulls int64
	for _, a := range arms {
		alpha, beta, pulls = alpha+a.Alpha, beta+a.Beta, pulls+a.Pulls
	}
	// 2·(5 + 4) arms at the prior; per bandit, 40 live answers rewarded 1
	// and the run's first 10 (the later 10 were taken back).
	prior := float64(2 * (len(bandit.DefaultSearchArms) + len(bandit.DefaultRoutingArms)))
	require.InDelta(t, prior+2*(40+10), alpha, 1e-9)
	require.InDelta(t, prior, beta, 1e-9)
	require.EqualValues(t, 2*(40+10), pulls)
}

package bandit_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
)

// BenchmarkSelectRecordReward measures one turn of the reward stream
// against Postgres: select a search and a routing arm, record the answer,
// apply its reward.
func BenchmarkSelectRecordReward(b *testing.B) {
	ctx := context.Background()
	pool := testenv.Postgres(b)
	bd, err := bandit.New(pool, bandit.Config{Seed: 1}, nil)
	require.NoError(b, err)
	records := answer.NewRecords(pool, bd)
	ns := testenv.Namespace(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		s, err := bd.Select(ctx, ns, bandit.Search, "ratio")
		require.NoError(b, err)
		r, err := bd.Select(ctx, ns, bandit.Routing, "multiply")
		require.NoError(b, err)
		id, err := records.Record(ctx, bandit.Answer{Namespace: ns, TaskType: "ratio", Skill: "multiply",
			Question: "q", Answer: "a", SearchArm: s.Arm, RoutingArm: r.Arm})
		require.NoError(b, err)
		_, err = bd.ApplyReward(ctx, ns, id, float64(i%2))
		require.NoError(b, err)
	}
}

// BenchmarkSelectParallel measures concurrent selections on one context
// (all contend for the same row locks).
func BenchmarkSelectParallel(b *testing.B) {
	ctx := context.Background()
	bd, err := bandit.New(testenv.Postgres(b), bandit.Config{Seed: 1}, nil)
	require.NoError(b, err)
	ns := testenv.Namespace(b)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := bd.Select(ctx, ns, bandit.Search, "ratio"); err != nil {
				b.Error(err)
			}
		}
	})
}

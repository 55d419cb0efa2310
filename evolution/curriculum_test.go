package evolution_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
)

func TestCurriculumScoreAndSelection(t *testing.T) {
	t.Parallel()
	types := []evolution.TaskState{
		{Name: "ratio_total", NFail: 4, KLast: 5},    // 4 + 0.3·1 = 4.3
		{Name: "percentages", NFail: 0, KLast: 0},    // 0 + 0.3·6 = 1.8
		{Name: "unit_rate", NFail: 2, KLast: 5},      // 2.3
		{Name: "state_tracking", NFail: 1, KLast: 2}, // 1 + 1.2 = 2.2
		{Name: "avg_increments", NFail: 0, KLast: 5}, // 0.3
	}
	tests := []struct {
		name string
		k    int
		m    int
		want []string
	}{
		{"top three", 6, 3, []string{"ratio_total", "unit_rate", "state_tracking"}},
		{"top one", 6, 1, []string{"ratio_total"}},
		{"m above n", 6, 9, []string{"ratio_total", "unit_rate", "state_tracking", "percentages", "avg_increments"}},
		{"k=16", 16, 2, []string{"ratio_total", "unit_rate"}}, // 7.3, 5.3 over 5.2, 4.8, 3.3
	}
	require.InDelta(t, 4.3, evolution.CurriculumScore(types[0], 6, 0.3), 1e-12)
	require.InDelta(t, 1.8, evolution.CurriculumScore(types[1], 6, 0.3), 1e-12)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := evolution.SelectCurriculum(types, tt.k, 0.3, tt.m)
			require.Equal(t, tt.want, got)
		})
	}
	// Equal scores go to the type waiting longest: 3 + 0.3·1 = 0 + 0.3·11.
	tie := []evolution.TaskState{{Name: "a", NFail: 3, KLast: 10}, {Name: "b", NFail: 0, KLast: 0}}
	require.Equal(t, []string{"b"}, evolution.SelectCurriculum(tie, 11, 0.3, 1))

	require.Equal(t, 17, evolution.RevisitBound(4, 0.3, 10, 3)) // ⌈13.33 + 3.33⌉
	require.Equal(t, 13, evolution.RevisitBound(3, 0.3, 9, 3))  // ⌈10 + 3⌉, no float overshoot
}

// Theorem 2 with the Navigator: a bonus of at most B on any task type keeps
// every type revisited within ⌈(n_max + B)/λ + N/M⌉ iterations, even one
// that never fails and is never named by a plan.
func TestTheorem2HoldsWithTheNavigatorBonus(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(5, 8))
	const lambda, m, bonus = 0.3, 3, evolution.DefaultFocusBonus
	for trial := range 200 {
		n := 3 + rng.IntN(12)
		nMax := 1 + rng.IntN(10)
		bound := evolution.RevisitBound(nMax+int(bonus), lambda, n, m)
		types := make([]evolution.TaskState, n)
		for i := range types {
			types[i] = evolution.TaskState{Name: string(rune('a' + i))}
		}
		adversary := rng.IntN(n)
		for k := 1; k <= 8*bound; k++ {
			for i := range types {
				types[i].NFail, types[i].Focus = rng.IntN(nMax+1), bonus/float64(1+rng.IntN(3))*float64(rng.IntN(2))
				if i == adversary {
					types[i].NFail, types[i].Focus = 0, 0
				}
			}
			for _, name := range evolution.SelectCurriculum(types, k, lambda, m) {
				for i := range types {
					if types[i].Name == name {
						types[i].KLast = k
					}
				}
			}
			for _, ty := range types {
				require.LessOrEqual(t, k-ty.KLast, bound, "trial %d: type %s waited %d > %d", trial, ty.Name, k-ty.KLast, bound)
			}
		}
	}
}

// Theorem 3 (ratchet stability): a drop is damped by γ, so the mastery never
// falls below (1−γ)^j times its peak over the last j iterations:
// m_k ≥ (1−γ)^j · max_{k−j ≤ k' ≤ k} m_{k'}.
func TestTheorem3RatchetLowerBound(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 3))
	const alpha, gamma = evokg.DefaultRatchetAlpha, evokg.DefaultRatchetGamma
	for trial := range 500 {
		m := []float64{rng.Float64()}
		for range 60 {
			e := rng.Float64()
			if trial%3 == 0 {
				e = 0 // long runs of total failure are the worst case
			}
			m = append(m, evokg.Ratchet(m[len(m)-1], e, alpha, gamma))
		}
		for k := range m {
			for j := 0; j <= k; j++ {
				peak := 0.0
				for kp := k - j; kp <= k; kp++ {
					peak = math.Max(peak, m[kp])
				}
				require.GreaterOrEqual(t, m[k]+1e-12, math.Pow(1-gamma, float64(j))*peak, "trial %d k=%d j=%d", trial, k, j)
			}
		}
	}
}

// The bound as literally printed in the summary (max over all k' ≤ k−j)
// does not hold: starting from mastery 1 with success rate 0 for ten
// iterations gives m_10 = 0.9^10 ≈ 0.349 < (1−γ)^1 · m_0 = 0.9.
func TestTheorem3LiteralFormCounterexample(t *testing.T) {
	t.Parallel()
	m := 1.0
	for range 10 {
		m = evokg.Ratchet(m, 0, 0.6, 0.1)
	}
	require.InDelta(t, math.Pow(0.9, 10), m, 1e-12)
	require.Less(t, m, 0.9*1.0)
}

func TestRatchetConcreteNumbers(t *testing.T) {
	t.Parallel()
	tests := []struct{ prev, e, want float64 }{
		{0.40, 0.80, 0.6*0.80 + 0.4*0.40}, // up: 0.64
		{0.50, 0.50, 0.50},                // equal counts as up: 0.6·0.5 + 0.4·0.5
		{0.70, 0.20, 0.70 - 0.1*0.50},     // down: 0.65
		{0.90, 0.00, 0.81},
	}
	for _, tt := range tests {
		require.InDelta(t, tt.want, evokg.Ratchet(tt.prev, tt.e, 0.6, 0.1), 1e-12)
	}
}

func TestDeltaGuard(t *testing.T) {
	t.Parallel()
	g := evolution.Guard{Delta: evolution.DefaultDelta, Catastrophic: evolution.DefaultCatastrophic}
	tests := []struct {
		name                  string
		last, best, acc       float64
		rollback, catastrophe bool
	}{
		{"improvement", 0.60, 0.60, 0.65, false, false},
		{"small drop kept", 0.60, 0.60, 0.58, false, false},
		{"drop of exactly delta kept", 0.60, 0.60, 0.57, false, false},
		{"drop over delta rolls back", 0.60, 0.60, 0.565, true, false},
		{"drop over catastrophic", 0.60, 0.60, 0.54, true, true},
		{"slow slide below the peak", 0.57, 0.60, 0.545, true, true},
		{"slide within catastrophic", 0.57, 0.60, 0.555, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := g.Decide(tt.last, tt.best, tt.acc)
			require.Equal(t, tt.rollback, v.Rollback)
			require.Equal(t, tt.catastrophe, v.Catastrophic)
			require.InDelta(t, tt.last-tt.acc, v.Drop, 1e-12)
		})
	}
}

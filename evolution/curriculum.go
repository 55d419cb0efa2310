package evolution

import (
	"cmp"
	"math"
	"slices"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// TaskState is what the curriculum knows about one task type: its
// cumulative failures in the reward stream (evolution answers and live
// /answer feedback alike), the curriculum step it was last selected at, and
// the Navigator's bonus for it.
type TaskState struct {
	Name  string  `json:"name"`
	NSeen int     `json:"n_seen"`
	NFail int     `json:"n_fail"`
	KLast int     `json:"k_last"`
	Focus float64 `json:"focus,omitempty"`
}

// CurriculumScore is MAGE's s(t) = n_fail(t) + λ·(k − k_last(t)), plus the
// Navigator's bounded bonus for the task types its plan names.
func CurriculumScore(t TaskState, k int, lambda float64) float64 {
	return float64(t.NFail) + lambda*float64(k-t.KLast) + t.Focus
}

// RevisitBound is Theorem 2's bound ⌈n_max/λ + N/M⌉ (MAGE): with n_fail(t)
// ≤ n_max, every observed task type of N is selected again within this
// many iterations when M are selected each. With the Navigator's bonus,
// pass n_max plus the largest bonus.
func RevisitBound(nMax int, lambda float64, n, m int) int {
	return int(math.Ceil(float64(nMax)/lambda + float64(n)/float64(m) - 1e-9))
}

// SelectCurriculum returns the names of the top m task types by score at
// iteration k. Ties go to the type waiting longest, then to the name, so
// the choice is deterministic.
func SelectCurriculum(types []TaskState, k int, lambda float64, m int) []string {
	ranked := slices.Clone(types)
	slices.SortStableFunc(ranked, func(a, b TaskState) int {
		if c := cmp.Compare(CurriculumScore(b, k, lambda), CurriculumScore(a, k, lambda)); c != 0 {
			return c
		}
		if c := cmp.Compare(a.KLast, b.KLast); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	out := make([]string, 0, min(m, len(ranked)))
	for _, t := range ranked[:min(m, len(ranked))] {
		out = append(out, t.Name)
	}
	return out
}

// curriculumStates joins a namespace's task types (k_last and the
// Navigator's focus, kept in the graph) with the reward stream's cumulative
// counts. The curriculum's clock is namespace-wide: each selection happens
// at the step after the latest one (the largest k_last), so runs on one
// namespace continue one curriculum, and next is the step the next
// selection happens at.
func curriculumStates(types []evokg.TaskType, stats []bandit.TaskTypeStats) (states []TaskState, next int) {
	stream := make(map[string]bandit.TaskTypeStats, len(stats))
	for _, s := range stats {
		stream[s.Name] = s
	}
	states = make([]TaskState, len(types))
	for i, t := range types {
		s := stream[t.Name]
		states[i] = TaskState{Name: t.Name, NSeen: int(s.NSeen), NFail: int(s.NFail), KLast: t.KLast, Focus: t.Focus}
		next = max(next, t.KLast)
	}
	return states, next + 1
}

package evolution

import (
	"cmp"
	"math"
	"slices"
)

// TaskState is what the curriculum knows about one observed task type:
// its failures in the latest evaluation and the last iteration it was
// selected for training (or first observed).
type TaskState struct {
	Name  string `json:"name"`
	NFail int    `json:"n_fail"`
	KLast int    `json:"k_last"`
}

// CurriculumScore is s(t) = n_fail(t) + λ·(k − k_last(t)).
func CurriculumScore(t TaskState, k int, lambda float64) float64 {
	return float64(t.NFail) + lambda*float64(k-t.KLast)
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

// RevisitBound is Theorem 2's bound ⌈n_max/λ + N/M⌉: every observed task
// type is selected again within this many iterations.
func RevisitBound(nMax int, lambda float64, n, m int) int {
	return int(math.Ceil(float64(nMax)/lambda + float64(n)/float64(m) - 1e-9))
}

package evokg

import (
	"strings"
	"unicode"
)

// LCS computes longest common subsequences; it reuses its table rows
// across calls, so matching one signature against thousands allocates
// nothing. The zero value is ready to use; it is not safe for concurrent use.
type LCS[T comparable] struct{ rows []int }

// Length returns the length of the longest common subsequence of a and b.
func (l *LCS[T]) Length(a, b []T) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	n := len(b) + 1
	if len(l.rows) < 2*n {
		l.rows = make([]int, 2*n)
	}
	prev, cur := l.rows[:n], l.rows[n:2*n]
	clear(prev)
	cur[0] = 0
	for i := range a {
		for j := range b {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Similarity is SignatureSimilarity with l's table.
func (l *LCS[T]) Similarity(a, b []T) float64 {
	m := min(len(a), len(b))
	if m == 0 {
		return 0
	}
	return float64(l.Length(a, b)) / float64(m)
}

// SignatureSimilarity is APEX-EM's structural similarity
// sim_σ = |LCS(σ̂, σ)| / min(|σ̂|, |σ|); 0 when either signature is empty.
func SignatureSimilarity[T comparable](a, b []T) float64 {
	var l LCS[T]
	return l.Similarity(a, b)
}

// DefaultStructuralThreshold is the σ-similarity above which two experiences
// are STRUCTURALLY_SIMILAR_TO each other and a structural match is retrieved.
const DefaultStructuralThreshold = 0.6

// DefaultSemanticEdgeThreshold is the cosine above which SIMILAR_TO is drawn.
const DefaultSemanticEdgeThreshold = 0.85

// NormalizeOperation is the canonical form of an operation name:
// lower-case words joined by '_' ("Temporal filter" → "temporal_filter").
// Stored signatures hold canonical names.
func NormalizeOperation(s string) string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	return strings.Join(f, "_")
}

// PlannedSignature is a signature a model wrote, kept to what can name a
// procedure's steps: every operation name canonical, and names without a
// letter dropped. A number is a value, not an operation; a small model asked
// for a procedure often lists the question's numbers (["add_digits", "12",
// "6"], ["13", "13"]), which would otherwise match every signature that
// holds the same values.
func PlannedSignature(sig []string) []string {
	out := make([]string, 0, len(sig))
	for _, s := range sig {
		if op := NormalizeOperation(s); strings.IndexFunc(op, unicode.IsLetter) >= 0 {
			out = append(out, op)
		}
	}
	return out
}

// NormalizeSignature returns sig with every operation name canonical.
func NormalizeSignature(sig []string) []string {
	out := make([]string, len(sig))
	for i, s := range sig {
		out[i] = NormalizeOperation(s)
	}
	return out
}

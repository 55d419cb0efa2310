package evokg

// LCSLength returns the length of the longest common subsequence of a and b.
func LCSLength(a, b []string) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			switch {
			case a[i-1] == b[j-1]:
				cur[j] = prev[j-1] + 1
			case prev[j] >= cur[j-1]:
				cur[j] = prev[j]
			default:
				cur[j] = cur[j-1]
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// SignatureSimilarity is APEX-EM's structural similarity
// sim_σ = |LCS(σ̂, σ)| / min(|σ̂|, |σ|); 0 when either signature is empty.
func SignatureSimilarity(a, b []string) float64 {
	m := min(len(a), len(b))
	if m == 0 {
		return 0
	}
	return float64(LCSLength(a, b)) / float64(m)
}

// DefaultStructuralThreshold is the σ-similarity above which two experiences
// are STRUCTURALLY_SIMILAR_TO each other and a structural match is retrieved.
const DefaultStructuralThreshold = 0.6

// DefaultSemanticEdgeThreshold is the cosine above which SIMILAR_TO is drawn.
const DefaultSemanticEdgeThreshold = 0.85

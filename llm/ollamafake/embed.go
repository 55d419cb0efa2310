package ollamafake

import (
	"hash/fnv"
	"math"
	"regexp"
	"strings"
)

var wordPattern = regexp.MustCompile(`[\p{L}\p{N}]+`)

// Embed returns the fake's deterministic embedding of text: a normalized
// hashed bag of words over lower-case word tokens, so texts that share
// words have a higher cosine similarity. A text without words maps to the
// first unit vector. dim must be positive.
func Embed(text string, dim int) []float32 {
	v := make([]float64, dim)
	for _, w := range wordPattern.FindAllString(strings.ToLower(text), -1) {
		h := fnv.New64a()
		_, _ = h.Write([]byte(w))
		v[h.Sum64()%uint64(dim)]++
	}
	var norm float64
	for _, x := range v {
		norm += x * x
	}
	out := make([]float32, dim)
	if norm == 0 {
		out[0] = 1
		return out
	}
	norm = math.Sqrt(norm)
	for i, x := range v {
		out[i] = float32(x / norm)
	}
	return out
}

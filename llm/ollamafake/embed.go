package ollamafake

import (
	"cmp"
	"context"
	"hash/fnv"
	"math"
	"regexp"
	"strings"
	"sync/atomic"

	"github.com/evokg/evokg"
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

// Embedder embeds in process exactly as the fake server does (Embed): the
// tests' stand-in for an embedding model, counting its calls.
type Embedder struct {
	// Dim is the dimension of the vectors. Default 768.
	Dim   int
	calls atomic.Int32
}

// Dimension implements evokg.Embedder.
func (e *Embedder) Dimension() int { return cmp.Or(e.Dim, evokg.DefaultEmbeddingDim) }

// Embed implements evokg.Embedder.
func (e *Embedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	e.calls.Add(1)
	out := make([][]float32, len(texts))
	for i, t := range texts {
		out[i] = Embed(t, e.Dimension())
	}
	return out, nil
}

// Calls returns how many times Embed was called.
func (e *Embedder) Calls() int { return int(e.calls.Load()) }

// ResetCalls sets the call count back to zero.
func (e *Embedder) ResetCalls() { e.calls.Store(0) }

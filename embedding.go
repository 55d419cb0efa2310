package evokg

import (
	"context"
	"math"
)

// DefaultEmbeddingDim is the dimension D of the embedding indexes and of the
// default embedding model (nomic-embed-text). It is fixed when the database
// is first migrated.
const DefaultEmbeddingDim = 768

// Embedder turns texts into embedding vectors of a fixed dimension.
// llm.Embedder implements it against Ollama's /api/embed.
type Embedder interface {
	Embed(ctx context.Context, texts []string) ([][]float32, error)
	Dimension() int
}

// The bounds of an embedding's squared length. pgvector computes a cosine's
// sums of squares in float32: a longer vector overflows them and a shorter
// one underflows them to 0, and either compares as NaN.
const (
	MinEmbeddingSquaredNorm = 1e-30
	MaxEmbeddingSquaredNorm = 1e38
)

// EmbeddingProblem is why no index can compare emb by cosine, or "".
func EmbeddingProblem(emb []float32) string {
	var sq float64
	for _, x := range emb {
		f := float64(x)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "has a component that is not a finite number"
		}
		sq += f * f
	}
	if len(emb) > 0 && (sq < MinEmbeddingSquaredNorm || sq > MaxEmbeddingSquaredNorm) {
		return "must have a length between 1e-15 and 1e19 (the sum of the squares of its components between 1e-30 and 1e38)"
	}
	return ""
}

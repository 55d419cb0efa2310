package evokg

import (
	"context"

	"github.com/google/uuid"
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

// Disambiguator picks which existing node a mention refers to when the top
// candidates are too close to call by similarity alone. It returns the chosen
// candidate, or ok=false when the mention is new. The guidance model
// implements it.
type Disambiguator interface {
	Disambiguate(ctx context.Context, kind, mention string, candidates []string) (choice string, ok bool, err error)
}

// SignatureMatch is an experience whose structural signature matches a query
// signature with sim_σ = Similarity.
type SignatureMatch struct {
	ExperienceID uuid.UUID `json:"experience_id"`
	TaskType     string    `json:"task_type"`
	Outcome      Outcome   `json:"outcome"`
	Signature    []string  `json:"signature"`
	Similarity   float64   `json:"similarity"`
}

// Neighbor is an experience reached from a seed within a few hops over
// DERIVED_FROM, USES_ENTITY and STRUCTURALLY_SIMILAR_TO.
type Neighbor struct {
	ExperienceID uuid.UUID `json:"experience_id"`
	SeedID       uuid.UUID `json:"seed_id"`
	TaskType     string    `json:"task_type"`
	Outcome      Outcome   `json:"outcome"`
	Hops         int       `json:"hops"`
}

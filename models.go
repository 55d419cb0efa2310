package evokg

import (
	"cmp"
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
// candidate, or ok=false when the mention is new. The teacher model
// implements it.
type Disambiguator interface {
	Disambiguate(ctx context.Context, kind, mention string, candidates []string) (choice string, ok bool, err error)
}

// SimilarExperience is an experience semantically close to another: a
// SIMILAR_TO candidate found in the embedding indexes, with its cosine
// similarity.
type SimilarExperience struct {
	ID     uuid.UUID
	Cosine float64
}

// BanditArm is the Beta posterior of one arm.
type BanditArm struct {
	Arm   string  `json:"arm"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	Pulls int     `json:"pulls"`
	Mean  float64 `json:"mean"`
}

// BanditState is one bandit: the search bandit of a task type, or the
// routing bandit of a skill (Key).
type BanditState struct {
	Bandit string      `json:"bandit"`
	Key    string      `json:"key"`
	Arms   []BanditArm `json:"arms"`
}

// NeighborQuery asks for the experiences within Hops (1 or 2, default 2)
// of the seeds over DERIVED_FROM, USES_ENTITY and STRUCTURALLY_SIMILAR_TO,
// at most Limit (default 50) of them, nearest first.
type NeighborQuery struct {
	Seeds []uuid.UUID `json:"seeds"`
	Hops  int         `json:"hops,omitempty"`
	Limit int         `json:"limit,omitempty"`
}

// Defaults of the graph traversals.
const (
	DefaultNeighborHops  = 2
	DefaultNeighborLimit = 50
	DefaultMatchLimit    = 20
)

// WithDefaults returns q with zero fields set to their defaults.
func (q NeighborQuery) WithDefaults() NeighborQuery {
	q.Hops = cmp.Or(q.Hops, DefaultNeighborHops)
	q.Limit = cmp.Or(q.Limit, DefaultNeighborLimit)
	return q
}

// SignatureQuery asks for the experiences whose signature has sim_σ ≥
// Threshold (default 0.6) with Signature, best first, at most Limit
// (default 20); an empty TaskType matches every task type.
type SignatureQuery struct {
	Signature []string `json:"signature"`
	TaskType  string   `json:"task_type,omitempty"`
	Threshold float64  `json:"threshold,omitempty"`
	Limit     int      `json:"limit,omitempty"`
}

// WithDefaults returns q with zero fields set to their defaults.
func (q SignatureQuery) WithDefaults() SignatureQuery {
	q.Threshold = cmp.Or(q.Threshold, DefaultStructuralThreshold)
	q.Limit = cmp.Or(q.Limit, DefaultMatchLimit)
	return q
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

// UsageRow counts the model calls of one role to one model.
type UsageRow struct {
	Role             string `json:"role"`
	Model            string `json:"model"`
	Calls            int    `json:"calls"`
	Errors           int    `json:"errors"` // calls whose outcome was not ok
	PromptTokens     int    `json:"prompt_tokens"`
	CompletionTokens int    `json:"completion_tokens"`
}

// Usage is the model-call accounting of a namespace or one of its runs.
// TeacherShare is teacher / (teacher + learner) calls, embeddings
// excluded; 0 when there were none.
type Usage struct {
	Rows         []UsageRow `json:"rows"`
	TeacherCalls int        `json:"teacher_calls"`
	LearnerCalls int        `json:"learner_calls"`
	TeacherShare float64    `json:"teacher_share"`
}

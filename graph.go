package evokg

import (
	"cmp"

	"github.com/google/uuid"
)

// SimilarExperience is an experience semantically close to another: a
// SIMILAR_TO candidate found in the embedding indexes, with its cosine
// similarity.
type SimilarExperience struct {
	ID     uuid.UUID
	Cosine float64
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

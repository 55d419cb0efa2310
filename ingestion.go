package evokg

import (
	"context"
	"time"

	"github.com/google/uuid"
)

// ExperienceInput is one experience as an agent posts it: the APEX-EM
// experience record (APEX-EM Table 5) with the MAGE memory fields, without the
// fields the platform owns (id, namespace, version, created_at).
//
// With Evaluation set the experience is pre-evaluated and Outcome is
// required (q and the gate status are computed by the platform from c, η,
// κ); principles, retrieval recipes and abstracted patterns need no
// evaluation either. Otherwise the platform evaluates it and the quality
// gate decides between success and failure memory.
type ExperienceInput struct {
	ExperienceFields
	// Embedding is the client's own embedding of the experience; without it
	// the platform embeds the experience's EmbeddingText.
	Embedding []float32 `json:"embedding,omitempty"`
	// Probation asks that the memory start probationary: kept, not served
	// until an evolution run's probation has tried it on validation items
	// (package utility). A namespace can ask it of every write.
	Probation bool `json:"probation,omitempty"`
}

// PreEvaluated reports whether the experience needs no grading: it carries
// an evaluation, or its class (principle, recipe, pattern) is not graded.
func (in *ExperienceInput) PreEvaluated() bool {
	if in.Evaluation != nil {
		return true
	}
	return in.Outcome != "" && in.Outcome != OutcomeSuccess && in.Outcome != OutcomeFailure
}

// IngestStatus is where an experience is on its way to the graph.
type IngestStatus string

// Ingest statuses, in the order an experience passes them.
const (
	StatusEmbedding  IngestStatus = "embedding"  // accepted, waiting for the embedding model
	StatusEvaluating IngestStatus = "evaluating" // waiting for the teacher model
	StatusQueued     IngestStatus = "queued"     // in Postgres and the vector index, graph projection pending
	StatusCommitted  IngestStatus = "committed"  // projected into Neo4j
	StatusFailed     IngestStatus = "failed"     // a job exhausted its attempts; see StatusReason
)

// Valid reports whether s is one of the five statuses.
func (s IngestStatus) Valid() bool {
	switch s {
	case StatusEmbedding, StatusEvaluating, StatusQueued, StatusCommitted, StatusFailed:
		return true
	}
	return false
}

// IngestReceipt is what accepting an experience returns at once: its id, its
// first status and, for a pre-evaluated one, the class it is committed as
// with the quality gate's decision (a success memory below the gate is
// committed as a failure memory). A platform-evaluated one is gated later:
// see its StoredExperience.
type IngestReceipt struct {
	ID     uuid.UUID    `json:"id"`
	Status IngestStatus `json:"status"`
	// Replayed is true when the receipt was stored under the Idempotency-Key
	// by an earlier identical request.
	Replayed bool          `json:"replayed,omitempty"`
	Outcome  Outcome       `json:"outcome,omitempty"`
	Gate     *GateDecision `json:"gate,omitempty"`
}

// StoredExperience is an experience with its ingest state.
type StoredExperience struct {
	Experience
	Status       IngestStatus `json:"status"`
	StatusReason string       `json:"status_reason,omitempty"`
	UpdatedAt    time.Time    `json:"updated_at"`
	ProjectedAt  *time.Time   `json:"projected_at,omitempty"`
}

// ExperienceFilter selects experiences for a listing. Zero fields do not
// filter.
type ExperienceFilter struct {
	Outcome  Outcome
	TaskType string
	Status   IngestStatus
	Cursor   string // NextCursor of the previous page
	Limit    int    // default 50, at most 500
}

// ExperiencePage is one page of a listing, oldest first; NextCursor is empty
// on the last.
type ExperiencePage struct {
	Items      []StoredExperience `json:"items"`
	NextCursor string             `json:"next_cursor,omitempty"`
}

// ExperienceService accepts experiences durably and reads them back
// (ingest.Service).
type ExperienceService interface {
	// Ingest accepts one experience. The same idempotency key with the same
	// body returns the first receipt (Replayed); with another body it is
	// ECONFLICT.
	Ingest(ctx context.Context, ns string, in ExperienceInput, idempotencyKey string) (IngestReceipt, error)
	// IngestBatch accepts experiences atomically: all or none.
	IngestBatch(ctx context.Context, ns string, in []ExperienceInput, idempotencyKey string) ([]IngestReceipt, error)
	Get(ctx context.Context, ns string, id uuid.UUID) (*StoredExperience, error)
	List(ctx context.Context, ns string, f ExperienceFilter) (ExperiencePage, error)
	// Delete removes a memory that is not protected; protected ones are
	// EPROTECTED.
	Delete(ctx context.Context, ns string, id uuid.UUID) error
	// PrunePatterns deletes (or with dryRun lists) the abstracted patterns
	// whose confidence is below threshold, the only memories pruning may
	// remove.
	PrunePatterns(ctx context.Context, ns string, threshold float64, dryRun bool) ([]uuid.UUID, error)
}

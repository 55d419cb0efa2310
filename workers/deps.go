package workers

import (
	"context"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// Projector writes an experience into the graph, idempotently (MERGE by id).
// GraphProjector adapts *graph.Graph.
type Projector interface {
	ProjectExperience(ctx context.Context, exp *evokg.Experience, similar []evokg.SimilarExperience) error
}

// Neighbors finds the SIMILAR_TO candidates of an experience: at most k
// experiences of its namespace, of any task type and either channel, with
// cosine similarity at least minCosine to embedding.
// VectorNeighbors adapts *vector.Store.
type Neighbors interface {
	Similar(ctx context.Context, exp *evokg.Experience, embedding []float32, k int, minCosine float64) ([]evokg.SimilarExperience, error)
}

// Assessment is the teacher model's grade of an experience.
type Assessment struct {
	Correct, Efficient, Complete float64
	Feedback                     string
	Errors                       []evokg.ErrorRecord
	Patch                        *evokg.PatchReflection
}

// Evaluator is the teacher model as the evaluation worker uses it: one
// schema-constrained call to grade, one to extract the signature.
// TeacherEvaluator adapts *llm.Guidance.
type Evaluator interface {
	EvaluateExperience(ctx context.Context, exp *evokg.Experience) (Assessment, error)
	ExtractSignature(ctx context.Context, exp *evokg.Experience) ([]string, error)
}

// BatchProjector writes a batch of experiences of one namespace into the
// graph in one transaction, all or nothing, idempotently. A Projector that
// implements it has the projection worker batch the queued experiences of a
// namespace; GraphProjector does.
type BatchProjector interface {
	ProjectExperiences(ctx context.Context, exps []*evokg.Experience, similar map[uuid.UUID][]evokg.SimilarExperience) error
}

// SimilarQuery asks for the SIMILAR_TO candidates of one experience.
type SimilarQuery struct {
	Experience *evokg.Experience
	Embedding  []float32
}

// BatchNeighbors is Neighbors for many experiences at once (one round
// trip); result i answers qs[i]. VectorNeighbors implements it.
type BatchNeighbors interface {
	SimilarBatch(ctx context.Context, qs []SimilarQuery, k int, minCosine float64) ([][]evokg.SimilarExperience, error)
}

// SliceLister lists the slices of a namespace that have grown to the
// exact-scan bound, so that their later rows enter the HNSW index
// (vector.Store.ListGrownSlices). A Neighbors that implements it has the
// projection worker call it after each batch; VectorNeighbors does.
type SliceLister interface {
	ListGrownSlices(ctx context.Context, ns string, taskTypes []string) (int, error)
}

package ingest

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm"
)

// WorkerDeps are what the ingest workers call besides the service.
// Projector is required; Evaluator is required to work platform-evaluated
// experiences (without one their jobs retry until one is configured or
// they fail visibly).
type WorkerDeps struct {
	Projector Projector
	Neighbors Neighbors // nil: no SIMILAR_TO candidates
	Evaluator Evaluator
	// Forgetter works the deletion jobs; nil leaves them to a process
	// that has one.
	Forgetter Forgetter
	// ExperienceBudget gives the model-call budget of one evaluation
	// attempt (llm.Models.ExperienceBudget); nil: llm.DefaultExperienceBudget.
	ExperienceBudget func(experienceID string) *llm.Budget
}

// Workers are the workers of the ingest jobs (evaluation by the teacher
// model, embedding, projection into Neo4j, deletion from it) and the queues
// they run on, as a job client takes them.
type Workers struct {
	svc  *Service
	deps WorkerDeps
}

// Workers returns the workers of the service's jobs.
func (s *Service) Workers(deps WorkerDeps) (*Workers, error) {
	if deps.Projector == nil {
		return nil, errors.New("ingest: WorkerDeps.Projector is required")
	}
	return &Workers{svc: s, deps: deps}, nil
}

// Queues are the evaluation queue (4 workers) and the projection queue
// (2·ProjectBatch+16). Most projection jobs wait, without a connection,
// for the batch that holds their experience; two batches per namespace run
// at once (one claims while the other writes), so the projection queue
// needs room for the jobs of both and one more to start the next.
func (w *Workers) Queues() map[string]river.QueueConfig {
	cfg := w.svc.cfg
	return map[string]river.QueueConfig{
		cfg.EvaluateQueue: {MaxWorkers: 4},
		cfg.ProjectQueue:  {MaxWorkers: 2*cfg.ProjectBatch + 16},
	}
}

// AddWorkers registers the ingest workers on ws.
func (w *Workers) AddWorkers(ws *river.Workers) error {
	errs := []error{
		river.AddWorkerSafely(ws, &evaluateWorker{svc: w.svc, deps: w.deps}),
		river.AddWorkerSafely(ws, &embedWorker{svc: w.svc}),
		river.AddWorkerSafely(ws, &projectWorker{svc: w.svc, deps: w.deps, links: &linkStore{pool: w.svc.pool}, pipe: newPipeline()}),
	}
	if w.deps.Forgetter != nil {
		errs = append(errs, river.AddWorkerSafely(ws, &forgetWorker{graph: w.deps.Forgetter}))
	}
	return errors.Join(errs...)
}

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

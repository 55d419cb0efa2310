package ingest

import (
	"runtime"

	"context"

	"golang.org/x/sync/errgroup"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/vector"
)

// TeacherEvaluator adapts the teacher model to Evaluator.
func TeacherEvaluator(g *llm.Teacher) Evaluator { return teacherEvaluator{g: g} }

type teacherEvaluator struct{ g *llm.Teacher }

func (e teacherEvaluator) EvaluateExperience(ctx context.Context, exp *evokg.Experience) (Assessment, error) {
	r, err := e.g.EvaluateExperience(ctx, evokg.EvaluateRequest{Experience: *exp})
	if err != nil {
		return Assessment{}, err
	}
	ev := r.Evaluation
	return Assessment{Correct: ev.Correct, Efficient: ev.Efficient, Complete: ev.Complete,
		Feedback: ev.TeacherFeedback, Errors: r.Errors, Patch: r.Patch}, nil
}

func (e teacherEvaluator) ExtractSignature(ctx context.Context, exp *evokg.Experience) ([]string, error) {
	return e.g.ExtractSignature(ctx, evokg.SignatureRequest{
		TaskType: exp.TaskType, Task: exp.EmbeddingText(), Steps: procedureSteps(exp),
	})
}

// procedureSteps describes what the agent did, for the signature extractor.
func procedureSteps(exp *evokg.Experience) []string {
	if exp.Procedure != nil && len(exp.Procedure.Steps) > 0 {
		return exp.Procedure.Steps
	}
	steps := make([]string, 0, len(exp.SkillSteps)+1)
	for _, s := range exp.SkillSteps {
		steps = append(steps, s.Skill+": "+evokg.TruncateRunes(s.Output, 300))
	}
	if len(steps) == 0 && exp.ChainOfThought != "" {
		steps = append(steps, evokg.TruncateRunes(exp.ChainOfThought, 2000))
	}
	return steps
}

// GraphProjector is *graph.Graph as the projection worker uses it: it is
// a Projector and a BatchProjector.
func GraphProjector(g *graph.Graph) Projector { return g }

// VectorNeighbors adapts *vector.Store to Neighbors. Candidates come from
// the experience's own task type, both channels, every class: the indexes are
// partitioned by (namespace, task type), so this stays one pruned ANN scan
// per channel however large the namespace grows, where a namespace-wide
// vector.Store.Nearest scans every partition (measured: p50 2.6 s per call
// beside a 100k-row namespace, which capped projection at ~30/s). Retrieval
// never crosses task types either.
func VectorNeighbors(s *vector.Store) Neighbors { return vectorNeighbors{s: s} }

type vectorNeighbors struct{ s *vector.Store }

func (n vectorNeighbors) Similar(ctx context.Context, exp *evokg.Experience, embedding []float32, k int, minCosine float64) ([]evokg.SimilarExperience, error) {
	res, err := n.SimilarBatch(ctx, []SimilarQuery{{Experience: exp, Embedding: embedding}}, k, minCosine)
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// SimilarBatch finds the neighbours of every query (both channels of its
// task type, ids and cosines only), split over one connection per CPU: each
// round trip is answered by one Postgres backend, one core.
func (n vectorNeighbors) SimilarBatch(ctx context.Context, qs []SimilarQuery, k int, minCosine float64) ([][]evokg.SimilarExperience, error) {
	out := make([][]evokg.SimilarExperience, len(qs))
	parts := min(runtime.GOMAXPROCS(0), max(1, len(qs)/32))
	size := (len(qs) + parts - 1) / parts
	g, gctx := errgroup.WithContext(ctx)
	for lo := 0; lo < len(qs); lo += size {
		hi := min(lo+size, len(qs))
		g.Go(func() error {
			vqs := make([]vector.NearestQuery, hi-lo)
			for i, q := range qs[lo:hi] {
				vqs[i] = vector.NearestQuery{Namespace: q.Experience.Namespace, TaskType: q.Experience.TaskType,
					Embedding: q.Embedding, K: k, MinSimilarity: minCosine}
			}
			res, err := n.s.Nearest(gctx, vqs...)
			copy(out[lo:hi], res)
			return err
		})
	}
	return out, g.Wait()
}

func (n vectorNeighbors) ListGrownSlices(ctx context.Context, ns string, taskTypes []string) (int, error) {
	return n.s.ListGrownSlices(ctx, ns, taskTypes)
}

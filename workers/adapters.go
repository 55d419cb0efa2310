package workers

import (
	"context"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/vector"
)

// GuidanceEvaluator adapts the guidance model to Evaluator.
func GuidanceEvaluator(g *llm.Guidance) Evaluator { return guidanceEvaluator{g: g} }

type guidanceEvaluator struct{ g *llm.Guidance }

func (e guidanceEvaluator) EvaluateExperience(ctx context.Context, exp *evokg.Experience) (Assessment, error) {
	r, err := e.g.EvaluateExperience(ctx, llm.EvaluateRequest{Experience: *exp})
	if err != nil {
		return Assessment{}, err
	}
	ev := r.Evaluation
	return Assessment{Correct: ev.Correct, Efficient: ev.Efficient, Complete: ev.Complete,
		Feedback: ev.TeacherFeedback, Errors: r.Errors, Patch: r.Patch}, nil
}

func (e guidanceEvaluator) ExtractSignature(ctx context.Context, exp *evokg.Experience) ([]string, error) {
	return e.g.ExtractSignature(ctx, llm.SignatureRequest{
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

// GraphProjector adapts *graph.Graph to Projector.
func GraphProjector(g *graph.Graph) Projector { return graphProjector{g: g} }

type graphProjector struct{ g *graph.Graph }

func (p graphProjector) ProjectExperience(ctx context.Context, exp *evokg.Experience, similar []Similar) error {
	s := make([]graph.SimilarExperience, len(similar))
	for i, x := range similar {
		s[i] = graph.SimilarExperience{ID: x.ID, Cosine: x.Cosine}
	}
	return p.g.ProjectExperience(ctx, exp, s)
}

// VectorNeighbors adapts *vector.Store to Neighbors.
func VectorNeighbors(s *vector.Store) Neighbors { return vectorNeighbors{s: s} }

type vectorNeighbors struct{ s *vector.Store }

func (n vectorNeighbors) Nearest(ctx context.Context, ns string, embedding []float32, k int) ([]Similar, error) {
	hits, err := n.s.Nearest(ctx, ns, embedding, k)
	if err != nil {
		return nil, err
	}
	out := make([]Similar, len(hits))
	for i, h := range hits {
		out[i] = Similar{ID: h.ID, Cosine: h.Similarity}
	}
	return out, nil
}

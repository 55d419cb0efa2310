package retrieval

import (
	"context"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// SearchBandit names the best retrieval strategy of a task type (*bandit.Bandit).
type SearchBandit interface {
	Best(ctx context.Context, ns string, kind bandit.Kind, key string) (string, error)
}

// Service serves memory packs to clients (the REST API and MCP): the search
// bandit's best strategy for the task type unless the client forces one.
type Service struct {
	retriever *Retriever
	bandits   SearchBandit
}

// NewService returns the client-facing retrieval service.
func NewService(retriever *Retriever, bandits SearchBandit) *Service {
	return &Service{retriever: retriever, bandits: bandits}
}

// Retrieve builds the memory pack of one question of namespace ns.
func (s *Service) Retrieve(ctx context.Context, ns string, req evokg.RetrieveRequest) (evokg.RetrieveResponse, error) {
	strategy := req.Strategy
	if strategy == "" {
		best, err := s.bandits.Best(ctx, ns, bandit.Search, req.TaskType)
		if err != nil {
			return evokg.RetrieveResponse{}, err
		}
		strategy = best
	}
	pack, err := s.retriever.Retrieve(ctx, Request{Namespace: ns, TaskType: req.TaskType, Question: req.Question,
		Context: req.Context, Signature: req.Signature, Strategy: strategy, Mode: req.Mode, Embedding: req.Embedding})
	if err != nil {
		return evokg.RetrieveResponse{}, err
	}
	return evokg.RetrieveResponse{Memories: pack.Memories(), Prompt: pack.Rendered, Strategy: pack.Strategy}, nil
}

// Memories lists the pack's items with their score components.
func (p *Pack) Memories() []evokg.RetrievedMemory {
	var out []evokg.RetrievedMemory
	for _, group := range [][]Item{p.Successes, p.Failures, p.Principles, p.Structural, p.Neighbors} {
		for _, it := range group {
			out = append(out, evokg.RetrievedMemory{ExperienceID: it.ID, Outcome: it.Outcome, TaskType: it.TaskType,
				Score: it.Score, Text: it.Text, Components: map[string]float64{
					"semantic": it.Parts.Semantic, "structural": it.Parts.Structural, "proximity": it.Parts.Proximity,
					"quality": it.Parts.Quality, "recency": it.Parts.Recency}})
		}
	}
	return out
}

package retrieval

import (
	"cmp"
	"context"
	"slices"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/bandit"
)

// SearchBandit names the best retrieval strategy of a task type, records what
// a retrieval served and takes its reward (*bandit.Bandit).
type SearchBandit interface {
	Best(ctx context.Context, ns string, kind bandit.Kind, key string) (string, error)
	RecordRetrieval(ctx context.Context, r bandit.Retrieval) error
	RewardRetrieval(ctx context.Context, ns string, id uuid.UUID, reward float64) (bandit.Retrieval, error)
}

// Service serves memory packs to clients (the REST API and MCP): the search
// bandit's best strategy for the task type unless the client forces one.
// Every pack served is recorded under an id, so the client's reward for it
// (Feedback) moves the search bandit's arm that built it.
type Service struct {
	retriever *Retriever
	bandits   SearchBandit
}

var _ evokg.RetrievalService = (*Service)(nil)

// NewService returns the client-facing retrieval service.
func NewService(retriever *Retriever, bandits SearchBandit) *Service {
	return &Service{retriever: retriever, bandits: bandits}
}

// Retrieve builds the memory pack of one question of namespace ns and
// records what it served.
func (s *Service) Retrieve(ctx context.Context, ns string, req evokg.RetrieveRequest) (evokg.RetrieveResponse, error) {
	pack, err := s.pack(ctx, ns, req)
	if err != nil {
		return evokg.RetrieveResponse{}, err
	}
	served := bandit.Retrieval{ID: evokg.NewID(), Namespace: ns, TaskType: req.TaskType, SearchArm: pack.Strategy,
		Mode: cmp.Or(req.Mode, s.retriever.cfg.Mode), MemoryIDs: slices.Clone(pack.Shown)}
	if err := s.bandits.RecordRetrieval(ctx, served); err != nil {
		return evokg.RetrieveResponse{}, err
	}
	return evokg.RetrieveResponse{ID: served.ID, Memories: pack.Memories(), Prompt: pack.Rendered, Strategy: pack.Strategy}, nil
}

// Feedback applies reward ∈ [0, 1] to retrieval id: its search arm, once.
// An unknown retrieval is ENOTFOUND, a second reward ECONFLICT.
func (s *Service) Feedback(ctx context.Context, ns string, id uuid.UUID, req evokg.FeedbackRequest) (evokg.RetrievalFeedbackResponse, error) {
	r, err := s.bandits.RewardRetrieval(ctx, ns, id, req.Reward)
	if err != nil {
		return evokg.RetrievalFeedbackResponse{}, err
	}
	arm := evokg.PulledArm{Bandit: string(bandit.Search), Key: r.TaskType, Arm: r.SearchArm}
	return evokg.RetrievalFeedbackResponse{RetrievalID: id, Reward: req.Reward, Updated: []evokg.PulledArm{arm}}, nil
}

func (s *Service) pack(ctx context.Context, ns string, req evokg.RetrieveRequest) (*Pack, error) {
	strategy := req.Strategy
	if strategy == "" {
		best, err := s.bandits.Best(ctx, ns, bandit.Search, req.TaskType)
		if err != nil {
			return nil, err
		}
		strategy = best
	}
	return s.retriever.Retrieve(ctx, Request{Namespace: ns, TaskType: req.TaskType, Question: req.Question,
		Context: req.Context, Signature: req.Signature, Strategy: strategy, Mode: req.Mode, Embedding: req.Embedding})
}

// items lists every item of the pack, successes first.
func (p *Pack) items() []Item {
	return slices.Concat(p.Successes, p.Failures, p.Principles, p.Structural, p.Neighbors)
}

func (p *Pack) ids() []uuid.UUID {
	items := p.items()
	ids := make([]uuid.UUID, 0, len(items))
	for _, it := range items {
		ids = append(ids, it.ID)
	}
	return ids
}

// Memories lists the pack's items its rendered block shows (Shown), in the
// order it shows them, with their score components.
func (p *Pack) Memories() []evokg.RetrievedMemory {
	byID := make(map[uuid.UUID]Item, len(p.Shown))
	for _, it := range p.items() {
		byID[it.ID] = it
	}
	out := []evokg.RetrievedMemory{}
	for _, id := range p.Shown {
		it, ok := byID[id]
		if !ok {
			continue // a memory another component added (Sections)
		}
		out = append(out, evokg.RetrievedMemory{ExperienceID: it.ID, Outcome: it.Outcome, TaskType: it.TaskType,
			Score: it.Score, Text: it.Text, State: it.State, Utility: it.Utility, Components: map[string]float64{
				"semantic": it.Parts.Semantic, "structural": it.Parts.Structural, "proximity": it.Parts.Proximity,
				"quality": it.Parts.Quality, "recency": it.Parts.Recency, "utility": it.Parts.Utility}})
	}
	return out
}

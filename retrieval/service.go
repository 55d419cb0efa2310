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
	presenter Presenter
}

// Presenter gives a pack to the learner as /answer does (*answer.Service):
// it adds to the pack what /answer adds (the cascade's components on the
// cascade arm, environment facts) and applies the learner profile.
type Presenter interface {
	Present(ctx context.Context, ns string, req Request, pack *Pack) (Presentation, error)
}

// Presentation is a pack as the learner reads it at /answer.
type Presentation struct {
	Prompt  string               // what the learner reads from memory
	Shown   []uuid.UUID          // the memories whose text Prompt holds
	Profile evokg.LearnerProfile // the learner profile applied
	// Differs names what /answer would show otherwise (evokg.Differs…).
	Differs []string
}

// WithPresenter has s serve each pack as p gives it to the learner, and
// returns s. Without one a pack is served as retrieved, and the response
// says so (evokg.DiffersNotPresented).
func (s *Service) WithPresenter(p Presenter) *Service {
	s.presenter = p
	return s
}

var _ evokg.RetrievalService = (*Service)(nil)

// NewService returns the client-facing retrieval service.
func NewService(retriever *Retriever, bandits SearchBandit) *Service {
	return &Service{retriever: retriever, bandits: bandits}
}

// Retrieve builds the memory pack of one question of namespace ns, gives
// it as the learner reads it at /answer (the Presenter's) and records
// what it served.
func (s *Service) Retrieve(ctx context.Context, ns string, req evokg.RetrieveRequest) (evokg.RetrieveResponse, error) {
	r, err := s.request(ctx, ns, req)
	if err != nil {
		return evokg.RetrieveResponse{}, err
	}
	pack, err := s.retriever.Retrieve(ctx, r)
	if err != nil {
		return evokg.RetrieveResponse{}, err
	}
	pres := Presentation{Prompt: pack.Rendered, Shown: pack.Shown, Differs: []string{evokg.DiffersNotPresented}}
	if s.presenter != nil {
		if pres, err = s.presenter.Present(ctx, ns, r, pack); err != nil {
			return evokg.RetrieveResponse{}, err
		}
	}
	served := bandit.Retrieval{ID: evokg.NewID(), Namespace: ns, TaskType: req.TaskType, SearchArm: pack.Strategy,
		Mode: cmp.Or(req.Mode, s.retriever.cfg.Mode), MemoryIDs: slices.Clone(pres.Shown)}
	if err := s.bandits.RecordRetrieval(ctx, served); err != nil {
		return evokg.RetrieveResponse{}, err
	}
	var profile *evokg.LearnerProfile
	if s.presenter != nil {
		profile = &pres.Profile
	}
	return evokg.RetrieveResponse{ID: served.ID, Memories: pack.Memories(pres.Shown), MemoryIDs: orNoIDs(pres.Shown),
		Prompt: pres.Prompt, Strategy: pack.Strategy, Profile: profile, Differs: orNoNames(pres.Differs)}, nil
}

func orNoIDs(ids []uuid.UUID) []uuid.UUID {
	if ids == nil {
		return []uuid.UUID{}
	}
	return slices.Clone(ids)
}

func orNoNames(names []string) []string {
	if names == nil {
		return []string{}
	}
	return names
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

// request is the pack request of req: the search bandit's best strategy
// for the task type unless the client forces one.
func (s *Service) request(ctx context.Context, ns string, req evokg.RetrieveRequest) (Request, error) {
	strategy := req.Strategy
	if strategy == "" {
		best, err := s.bandits.Best(ctx, ns, bandit.Search, req.TaskType)
		if err != nil {
			return Request{}, err
		}
		strategy = best
	}
	return Request{Namespace: ns, TaskType: req.TaskType, Question: req.Question, Context: req.Context,
		Signature: req.Signature, Strategy: strategy, Mode: req.Mode, Embedding: req.Embedding}, nil
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

// Memories lists the pack's items among shown, in shown's order, with
// their score components.
func (p *Pack) Memories(shown []uuid.UUID) []evokg.RetrievedMemory {
	byID := make(map[uuid.UUID]Item, len(shown))
	for _, it := range p.items() {
		byID[it.ID] = it
	}
	out := []evokg.RetrievedMemory{}
	for _, id := range shown {
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

package profile

import (
	"context"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// Service is the learner-profile service of the API: the profile store,
// and calibration through the learner layer on a client's items, graded
// as evolution grades without a judge (a number numerically, other answers
// as normalized text).
type Service struct {
	*Store
	learner Answerer
}

// NewService returns the Service over store that calibrates through
// learner (*answer.Service).
func NewService(store *Store, learner Answerer) *Service {
	return &Service{Store: store, learner: learner}
}

var _ evokg.LearnerProfileService = (*Service)(nil)

// LearnerModel is the model the learner answers with.
func (s *Service) LearnerModel() string { return s.learner.Model() }

// Calibrate answers the client's items, taken as validation items, with
// each candidate profile (the client's, the first being the reference; or
// the profile in force and the default candidates) and stores the one
// chosen for the learner model.
func (s *Service) Calibrate(ctx context.Context, ns string, req evokg.CalibrationRequest) (evokg.StoredProfile, error) {
	if err := req.Validate(); err != nil {
		return evokg.StoredProfile{}, err
	}
	items := make([]questions.Item, len(req.Items))
	for i, it := range req.Items {
		items[i] = questions.Item{ID: it.ID, Question: it.Question, Answer: it.Answer, TaskType: it.TaskType,
			Context: it.Context, Split: questions.SplitValidation}
	}
	candidates := req.Candidates
	if len(candidates) == 0 {
		current, err := s.Profile(ctx, ns, s.learner.Model())
		if err != nil {
			return evokg.StoredProfile{}, err
		}
		candidates = CandidatesFrom(current)
	}
	sp, err := Calibrate(ctx, s.learner, questions.Grader{}, ns, items, candidates)
	if err != nil {
		return evokg.StoredProfile{}, err
	}
	return s.Put(ctx, sp)
}

package app

import (
	"context"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/questions"
)

// learnerProfiles is the API's learner-profile port: the profile store,
// and calibration through the learner layer on a client's items, graded
// as evolution grades without a judge (a number numerically, other answers
// as normalized text).
type learnerProfiles struct {
	*profile.Store
	answer *answer.Service
}

var _ evokg.LearnerProfileService = learnerProfiles{}

func (p learnerProfiles) LearnerModel() string { return p.answer.Model() }

// Calibrate answers the client's items, taken as validation items, with
// each candidate profile (the client's, the first being the reference; or
// the profile in force and the default candidates) and stores the one
// chosen for the learner model.
func (p learnerProfiles) Calibrate(ctx context.Context, ns string, req evokg.CalibrationRequest) (evokg.StoredProfile, error) {
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
		current, err := p.Profile(ctx, ns, p.answer.Model())
		if err != nil {
			return evokg.StoredProfile{}, err
		}
		candidates = profile.CandidatesFrom(current)
	}
	sp, err := profile.Calibrate(ctx, p.answer, questions.Grader{}, ns, items, candidates)
	if err != nil {
		return evokg.StoredProfile{}, err
	}
	return p.Put(ctx, sp)
}

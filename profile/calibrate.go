package profile

import (
	"context"
	"errors"
	"fmt"
	"time"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/questions"
)

// DefaultItems is how many validation items a calibration answers with
// each candidate.
const DefaultItems = 12

// Candidates are the profiles a calibration compares: the two renderings,
// each with and without reasoning before the answer. The default comes
// first, so a tie keeps it.
var Candidates = []evokg.LearnerProfile{
	evokg.DefaultProfile,
	{Render: evokg.RenderBlock},
	{Render: evokg.RenderTurns, Reasoning: true},
	{Render: evokg.RenderTurns},
}

// Answerer is the learner layer (*answer.Service).
type Answerer interface {
	Answer(ctx context.Context, ns string, q answer.Question) (answer.Reply, error)
	Model() string
}

// Grader grades an answer against an item's gold answer (questions.Grader).
type Grader interface {
	Grade(ctx context.Context, it questions.Item, answer string) (bool, error)
}

// Calibrate answers items (validation items: the caller's duty, and every
// item must be of questions.SplitValidation) with each candidate profile,
// at temperature 0, with the default strategies and whatever the memory
// switch says (the memory is measured as it stands), and returns the
// candidate with the most right answers, the first on a tie, with the
// figures. A reply the learner cannot give under a candidate's schema,
// even after repairs, counts as wrong (and as Invalid). Nothing is
// recorded or rewarded.
func Calibrate(ctx context.Context, a Answerer, g Grader, ns string, items []questions.Item, candidates []evokg.LearnerProfile) (evokg.StoredProfile, error) {
	if len(candidates) == 0 {
		candidates = Candidates
	}
	for i, it := range items {
		if it.Split != questions.SplitValidation {
			return evokg.StoredProfile{}, evokg.Invalid(evokg.FieldError{Pointer: fmt.Sprintf("/items/%d", i),
				Detail: "calibration reads validation items only; " + it.ID + " is in split " + fmt.Sprintf("%q", it.Split)})
		}
	}
	cal := &evokg.Calibration{Items: make([]string, len(items)), At: time.Now().UTC()}
	for i, it := range items {
		cal.Items[i] = it.ID
	}
	best := 0
	for c, p := range candidates {
		score, calls, err := measure(ctx, a, g, ns, items, p)
		cal.LearnerCalls += calls
		if err != nil {
			return evokg.StoredProfile{}, fmt.Errorf("calibrating %s: %w", p.Name(), err)
		}
		cal.Scores = append(cal.Scores, score)
		if score.Correct > cal.Scores[best].Correct {
			best = c
		}
	}
	return evokg.StoredProfile{Namespace: ns, Model: a.Model(), Profile: candidates[best], Calibration: cal}, nil
}

// measure answers items under profile p.
func measure(ctx context.Context, a Answerer, g Grader, ns string, items []questions.Item, p evokg.LearnerProfile) (evokg.ProfileScore, int, error) {
	zero := 0.0
	score := evokg.ProfileScore{Profile: p, Items: len(items)}
	calls := 0
	for _, it := range items {
		r, err := a.Answer(ctx, ns, answer.Question{TaskType: it.TaskType, Question: it.Question, Context: it.Context,
			Temperature: &zero, NoRouting: true, Profile: &p})
		calls += r.LearnerCalls
		var invalid *llm.StructuredError
		if errors.As(err, &invalid) {
			score.Invalid++ // no valid reply under this profile: wrong
			continue
		}
		if err != nil {
			return score, calls, err
		}
		ok, err := g.Grade(ctx, it, r.Answer)
		if err != nil {
			return score, calls, err
		}
		if ok {
			score.Correct++
		}
	}
	if score.Items > 0 {
		score.Accuracy = float64(score.Correct) / float64(score.Items)
	}
	return score, calls, nil
}

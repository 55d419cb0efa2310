package profile

import (
	"context"
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

// Candidates are the profiles a calibration compares by default: the two
// renderings, each with and without reasoning before the answer.
var Candidates = []evokg.LearnerProfile{
	evokg.DefaultProfile,
	{Render: evokg.RenderBlock},
	{Render: evokg.RenderTurns, Reasoning: true},
	{Render: evokg.RenderTurns},
}

// Margin is how many more items a candidate must answer right than the
// reference (the first candidate: the profile in force) to replace it. On
// a dozen validation items one item is noise, and a profile that changes
// on noise changes the memory-off baseline and the memory switch with it.
const Margin = 2

// CandidatesFrom are the default candidates with current, the profile in
// force, first: the reference a challenger must beat by Margin.
func CandidatesFrom(current evokg.LearnerProfile) []evokg.LearnerProfile {
	out := []evokg.LearnerProfile{current}
	for _, c := range Candidates {
		if c != current {
			out = append(out, c)
		}
	}
	return out
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
// at temperature 0, as a client's answer goes (the bandits' best arms,
// none pulled; the memory switch as it stands), and returns the
// first candidate (the reference) unless another answers at least Margin
// more items right, in which case the best of those (the earliest on a
// tie), with the figures. Without candidates it compares Candidates. A reply the learner cannot give under a candidate's schema,
// even after repairs, counts as wrong (and as Invalid). Nothing is
// recorded or rewarded, and no tool call is counted against its tool.
func Calibrate(ctx context.Context, a Answerer, g Grader, ns string, items []questions.Item, candidates []evokg.LearnerProfile) (evokg.StoredProfile, error) {
	return calibrate(ctx, a, g, ns, items, candidates, false)
}

// CalibrateWithoutMemory is Calibrate for the learner answering without
// memory, as the memory-off baseline answers (no memory, no evolved
// prompt, the default strategies): the profile best without memory, which
// the baseline answers under so that memory's effect is measured against
// the learner at its own best, not under the profile memory suits.
func CalibrateWithoutMemory(ctx context.Context, a Answerer, g Grader, ns string, items []questions.Item, candidates []evokg.LearnerProfile) (evokg.StoredProfile, error) {
	return calibrate(ctx, a, g, ns, items, candidates, true)
}

func calibrate(ctx context.Context, a Answerer, g Grader, ns string, items []questions.Item, candidates []evokg.LearnerProfile, noMemory bool) (evokg.StoredProfile, error) {
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
	for _, p := range candidates {
		score, calls, err := measure(ctx, a, g, ns, items, p, noMemory)
		cal.LearnerCalls += calls
		if err != nil {
			return evokg.StoredProfile{}, fmt.Errorf("calibrating %s: %w", p.Name(), err)
		}
		cal.Scores = append(cal.Scores, score)
	}
	return evokg.StoredProfile{Namespace: ns, Model: a.Model(), Profile: candidates[choose(cal.Scores)], Calibration: cal}, nil
}

// choose is the index of the chosen score: the reference (0) unless
// another beats it by Margin, then the best of them, the earliest on a tie.
func choose(scores []evokg.ProfileScore) int {
	best := 0
	for i, s := range scores {
		if s.Correct >= scores[0].Correct+Margin && s.Correct > scores[best].Correct {
			best = i
		}
	}
	return best
}

// measure answers items under profile p, without memory (and routing) when
// noMemory is set.
func measure(ctx context.Context, a Answerer, g Grader, ns string, items []questions.Item, p evokg.LearnerProfile, noMemory bool) (evokg.ProfileScore, int, error) {
	zero := 0.0
	score := evokg.ProfileScore{Profile: p, Items: len(items)}
	calls := 0
	for _, it := range items {
		r, err := a.Answer(ctx, ns, answer.Question{TaskType: it.TaskType, Question: it.Question, Context: it.Context,
			Temperature: &zero, Profile: &p, NoMemory: noMemory, NoRouting: noMemory,
			NoToolScores: true}) // validation items: no tool is scored on them
		calls += r.LearnerCalls
		if llm.ItemFailure(err) {
			score.Invalid++ // no valid reply in time under this profile: wrong
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

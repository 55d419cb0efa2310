package validate

import (
	"context"
	"strings"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/questions"
)

// match compares the answer with a gold answer: exactly (trimmed), or
// normalized (numerically when the gold answer is a number, else as
// normalized text).
type match struct {
	gold       string
	normalized bool
}

func newMatch(spec evokg.ValidatorSpec) (Validator, error) {
	if strings.TrimSpace(spec.Gold) == "" {
		return nil, invalid("/validator/gold", "is required by the "+spec.Kind+" validator")
	}
	return match{gold: strings.TrimSpace(spec.Gold), normalized: spec.Kind == evokg.ValidatorNormalized}, nil
}

func (m match) Validate(_ context.Context, a Attempt) (evokg.ValidationFeedback, error) {
	answer := strings.TrimSpace(a.Answer)
	switch {
	case !m.normalized:
		if answer == m.gold {
			return pass(), nil
		}
		return fail(evokg.OutcomeWrong, "the answer differs from the expected answer", "answer"), nil
	case isNumber(m.gold):
		return m.numeric(answer), nil
	case questions.NormalizeText(answer) == questions.NormalizeText(m.gold):
		return pass(), nil
	}
	return fail(evokg.OutcomeWrong, "the answer differs from the expected answer after normalization", "answer"), nil
}

func isNumber(s string) bool {
	_, ok := questions.ParseNumber(s)
	return ok
}

// numeric grades a number: the answer must hold exactly one.
func (m match) numeric(answer string) evokg.ValidationFeedback {
	gold, _ := questions.ParseNumber(m.gold)
	got, ok := questions.AnswerNumber(answer)
	switch {
	case !ok:
		return fail(evokg.OutcomeForm, "the answer does not hold exactly one number", "answer format")
	case questions.NumbersEqual(gold, got, 1e-6):
		return pass()
	}
	return fail(evokg.OutcomeWrong, "the number "+strings.TrimSpace(answer)+" is not the expected value; recompute it", "computation")
}

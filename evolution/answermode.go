package evolution

import (
	"context"
	"strings"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/questions"
)

// answerMode is how taskType is answered, as its declaration says; read
// once per run.
func (r *runner) answerMode(ctx context.Context, taskType string) (evokg.AnswerMode, error) {
	r.modesMu.Lock()
	defer r.modesMu.Unlock()
	if m, ok := r.modes[taskType]; ok {
		return m, nil
	}
	t, err := r.deps.Graph.GetTaskType(ctx, r.ns, taskType)
	if evokg.ErrorCode(err) == evokg.ENOTFOUND {
		t, err = evokg.TaskType{Answer: evokg.AnswerSpec{Mode: evokg.AnswerText}}, nil
	}
	if err != nil {
		return "", err
	}
	if r.modes == nil {
		r.modes = map[string]evokg.AnswerMode{}
	}
	r.modes[taskType] = t.Answer.OrText().Mode
	return r.modes[taskType], nil
}

// checkedExpression is the teacher's computation of a correction when the
// calculator evaluates it to the gold answer and it computes something (an
// operator, not the bare value); "" otherwise, and the correction is kept
// without it: a learner shown a wrong or empty computation would copy it.
func (r *runner) checkedExpression(expr string, it questions.Item) string {
	if expr == "" || !strings.ContainsAny(expr, "+-*/^") {
		return ""
	}
	v, err := answer.Calculate(expr)
	if err != nil {
		return ""
	}
	got, ok := questions.ParseNumber(v)
	gold, okGold := questions.ParseNumber(it.Answer)
	if !ok || !okGold || !questions.NumbersEqual(got, gold, 1e-6) {
		return ""
	}
	return expr
}

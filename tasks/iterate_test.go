package tasks

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
)

// runTask stores and executes a task in process.
func runTask(t *testing.T, b bundle, req evokg.TaskRequest) *evokg.Task {
	t.Helper()
	r, err := b.engine.newTask(b.ns, req, false)
	require.NoError(t, err)
	require.NoError(t, b.engine.store.insert(b.ctx, r, nil))
	task, err := b.engine.Execute(b.ctx, b.ns, r.ID)
	require.NoError(t, err)
	return task
}

// A learner that repeats its rejected answer is caught by the stuck-loop
// detector; the divergent guidance injected into the next attempt breaks
// the loop. Without the guidance the same learner never leaves it.
func TestStuckLoopIsDetectedAndBroken(t *testing.T) {
	t.Parallel()
	b := setup(t, testenv.Postgres(t), generating(func(task, text string) string {
		if strings.Contains(text, "Your recent attempts repeat themselves") {
			return "42"
		}
		return "41"
	}))
	task := runTask(t, b, evokg.TaskRequest{Question: crateQuestion, TaskType: "multiply", Validator: normalized("42"), MaxIterations: 5})
	require.Equal(t, evokg.TaskSolved, task.Status)
	require.Len(t, task.Attempts, 3)
	require.Nil(t, task.Attempts[0].Stuck)
	require.Equal(t, &evokg.StuckLoop{Reason: evokg.StuckSameAnswer, RepeatOf: 1}, task.Attempts[1].Stuck)
	require.Empty(t, task.Attempts[1].Guidance)
	guidance := task.Attempts[2].Guidance
	require.Contains(t, guidance, "Attempts 1 and 2 gave the same answer")
	require.Contains(t, guidance, `"41"`, "the guidance names the rejected answer")
	require.Equal(t, "42", task.Answer)

	// Without divergent guidance the learner repeats itself: with J = 2 the
	// run ends at the detection, before any guidance, and stays unsolved.
	off := runTask(t, b, evokg.TaskRequest{Question: crateQuestion + " (again)", TaskType: "other", Validator: normalized("42"), MaxIterations: 2})
	require.Equal(t, evokg.TaskUnsolved, off.Status)
	require.Empty(t, off.Attempts[1].Guidance)
	require.Len(t, off.Committed, 1, "an unsolved task archives its first attempt as P−")
	require.Equal(t, "not recovered in 2 attempts", off.Committed[0].Errors[0].RecoveryOutcome)
}

// Two different answers failing for the same reason are a stuck loop too.
func TestSameFeedbackIsAStuckLoop(t *testing.T) {
	t.Parallel()
	prev := []evokg.TaskAttempt{{N: 1, Answer: "forty", Feedback: evokg.ValidationFeedback{Outcome: evokg.OutcomeForm, RootCause: "no number", FixTarget: "answer format"}}}
	next := evokg.TaskAttempt{N: 2, Answer: "about forty", Feedback: prev[0].Feedback}
	require.Equal(t, &evokg.StuckLoop{Reason: evokg.StuckSameFeedback, RepeatOf: 1}, stuckLoop(prev, next))
	next.Feedback.RootCause = "two numbers"
	require.Nil(t, stuckLoop(prev, next))
	require.Nil(t, stuckLoop(nil, next))
}

// A code task is validated in the asset sandbox: the first program fails a
// test, the learner fixes it from the test named in the feedback, and J
// defaults to 3 for code.
func TestCodeTaskIsValidatedInTheSandbox(t *testing.T) {
	t.Parallel()
	const wrong = `def run(input):\n    return input[\"n\"] * 3`
	const right = `def run(input):\n    return input[\"n\"] * input[\"n\"]`
	b := setup(t, testenv.Postgres(t), generating(func(task, text string) string {
		if strings.Contains(text, "returned 12, expected 16") {
			return right
		}
		return wrong
	}))
	task := runTask(t, b, evokg.TaskRequest{Question: "Write run(input) returning the square of input.n.", TaskType: "code_math",
		Validator: evokg.ValidatorSpec{Kind: evokg.ValidatorCode, Tests: []evokg.ToolTest{
			{Input: json.RawMessage(`{"n": 3}`), Expected: json.RawMessage(`9`)},
			{Input: json.RawMessage(`{"n": 4}`), Expected: json.RawMessage(`16`)},
		}}})
	require.Equal(t, 3, task.MaxIterations)
	require.Equal(t, evokg.TaskSolved, task.Status)
	require.Len(t, task.Attempts, 2)
	require.Equal(t, evokg.ValidationFeedback{Outcome: evokg.OutcomeWrong, RootCause: `test 2: input {"n": 4} returned 12, expected 16`,
		FixTarget: "run(input)"}, task.Attempts[0].Feedback)
	require.Contains(t, task.Answer, `input["n"] * input["n"]`)
	require.Len(t, task.Committed, 2)
	require.Equal(t, evokg.OutcomeFailure, task.Committed[0].Outcome)
	require.Equal(t, evokg.OutcomeSuccess, task.Committed[1].Outcome)
}

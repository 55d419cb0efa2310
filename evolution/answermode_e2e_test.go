package evolution

import (
	"fmt"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
)

var rowsOf = regexp.MustCompile(`holds (\d+) \w+ per row in (\d+) rows`)

// A run with answer mode expression declares its task types so; the
// learner writes the computation, the calculator gives the answer graded,
// and the successes harvested keep the computation, which later prompts
// show.
func TestExpressionModeEvaluatesAndRemembersTheComputation(t *testing.T) {
	t.Parallel()
	var shownExpression atomic.Int64
	learner := func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "answer" {
			return "", false
		}
		if strings.Contains(v.Prompt, "Expression: ") {
			shownExpression.Add(1)
		}
		m := rowsOf.FindStringSubmatch(v.Prompt)
		if m == nil || !strings.Contains(string(v.Format), `"expression"`) {
			return `{"reasoning":"no rows","answer":"0"}`, true
		}
		return fmt.Sprintf(`{"reasoning":"rows times per row","expression":"%s * %s"}`, m[2], m[1]), true
	}
	e := setupE2EOn(t, learner, testenv.Postgres(t))
	p := Params{Namespace: e.ns, Iterations: 2, MaxFailuresPerType: 2,
		Pool: questions.PoolSpec{Name: "inline", Items: e2eItems(), Validation: 0.125, Test: 0.125, AnswerMode: evokg.AnswerExpression}}.WithDefaults()
	require.NoError(t, p.Validate())
	run := newRun(p)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, p))
	res, err := e.engine.Execute(e.ctx, e.ns, run.ID, nil)
	require.NoError(t, err)

	for _, tt := range e2eTypes {
		typ, err := e.graph.GetTaskType(e.ctx, e.ns, tt)
		require.NoError(t, err)
		require.Equal(t, evokg.AnswerExpression, typ.Answer.Mode, tt)
	}
	first := res.Metrics[0]
	require.InDelta(t, 1.0, first.Accuracy, 1e-9, "every computation evaluates to the gold answer")
	require.Positive(t, first.Harvested)
	rows, err := e.engine.deps.Pool.Query(e.ctx, `SELECT record->>'expression', record->>'answer' FROM experiences
		WHERE namespace = $1 AND outcome = 'success_memory'`, e.ns)
	require.NoError(t, err)
	n := 0
	for rows.Next() {
		var expr, ans string
		require.NoError(t, rows.Scan(&expr, &ans))
		m := regexp.MustCompile(`^(\d+) \* (\d+)$`).FindStringSubmatch(expr)
		require.NotNil(t, m, "the success keeps the computation: %q", expr)
		var a, b int
		fmt.Sscan(m[1], &a)
		fmt.Sscan(m[2], &b)
		require.Equal(t, fmt.Sprint(a*b), ans, "and its value as the answer")
		n++
	}
	require.NoError(t, rows.Err())
	require.Equal(t, first.Harvested+res.Metrics[1].Harvested, n)
	require.Positive(t, shownExpression.Load(), "iteration 2's prompts show the remembered computations")
}

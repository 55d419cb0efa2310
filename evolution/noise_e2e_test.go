package evolution

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/writegate"
)

// crate reads a crate question's count per row and rows.
var crate = regexp.MustCompile(`holds (\d+) \w+ per row in (\d+) rows`)

// scriptCorrections makes the failure analyst state the pool's rule with
// the item's numbers: "Multiply the A per row by the B rows." and the step
// "A × B = A·B".
func scriptCorrections(fake *ollamafake.Server) {
	fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		m := crate.FindStringSubmatch(v.Prompt)
		if v.Task != "write_failure_memory" || m == nil {
			return "", false
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		return fmt.Sprintf(`{"content":"Multiply the %d per row by the %d rows.","steps":["%d × %d = %d"]}`, a, b, a, b, a*b), true
	})
}

// Under full teacher noise every correction states a wrong rule with its
// result recomputed. The gate refuses the specific ones (the recomputed
// result is not the gold answer) and lets in the type strategies; the
// iteration counts the corrupted texts written and, apart, those
// committed: exactly the corrections, principles and Critic note in
// memory, each stating its wrong rule (with true arithmetic).
func TestTeacherNoiseCountsWhatIsCommitted(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, newLearner(e2eItems()))
	scriptCorrections(e.fake)
	e.fake.AddRule(ollamafake.Rule{Task: "critique", Reply: `{"task_types":[{"task_type":"easy_sum","score":1,"notes":"Multiply the rows by the count per row."}]}`})
	res := runIterations(t, e, Params{Iterations: 1, TopM: 4, MaxFailuresPerType: 2, Concurrency: 4, TeacherNoise: 1})
	m := res.Metrics[0]

	refused := 0
	for _, rj := range m.Rejections {
		if rj.Kind == writegate.KindCorrection {
			refused++
			require.Contains(t, rj.Reason, "contradicts the gold answer", rj.Reason)
		}
	}
	require.Positive(t, refused)
	rows, err := e.engine.deps.Pool.Query(e.ctx, `SELECT record->>'content', record->>'chain_of_thought' FROM experiences
		WHERE namespace = $1 AND outcome = 'failure_memory'`, e.ns)
	require.NoError(t, err)
	committed := 0
	for rows.Next() {
		var content, steps string
		require.NoError(t, rows.Scan(&content, &steps))
		committed++
		require.Regexp(t, `^(Add|Subtract) the \d+ per row by the \d+ rows\.$`, content)
		require.NoError(t, writegate.Rules{}.Reasoning(steps, "", ""), "true arithmetic under the wrong rule: %s", steps)
		require.NotContains(t, steps, "×")
	}
	require.NoError(t, rows.Err())
	require.Positive(t, committed)
	var principles []string
	rows, err = e.engine.deps.Pool.Query(e.ctx, `SELECT record->>'content' FROM experiences
		WHERE namespace = $1 AND outcome = 'principle'`, e.ns)
	require.NoError(t, err)
	for rows.Next() {
		var content string
		require.NoError(t, rows.Scan(&content))
		principles = append(principles, content)
		require.Regexp(t, `^Totals of rows are (sums|differences) \(`, content, "the principle names the wrong operation")
	}
	require.NoError(t, rows.Err())
	require.NotEmpty(t, principles)
	notes := criticNotes(t, e)
	require.Len(t, notes, 1)
	require.Regexp(t, `^(Add|Subtract) the rows by the count per row\.$`, notes[0], "the Critic's note states the wrong operation")
	committed += len(principles) + len(notes)
	require.EqualValues(t, committed, m.CorruptedCommitted, "committed: the corrupted corrections, principles and Critic note in memory")
	require.EqualValues(t, committed+refused, m.Corrupted, "written: every correction, principle and note, before the gate")
}

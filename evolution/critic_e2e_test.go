package evolution

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/writegate"
)

// scriptCritic makes the Critic score easy_sum low and note what
// hard_ratio lacks; the failure analyst writes a different correction when
// it is shown that note.
func scriptCritic(fake *ollamafake.Server) {
	fake.AddRule(ollamafake.Rule{Task: "critique", Reply: `{"task_types":[{"task_type":"easy_sum","score":0.2,"notes":"right by luck"},` +
		`{"task_type":"hard_ratio","score":0,"notes":"NOTE-ROWS never multiplies the rows"}]}`})
	fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "write_failure_memory" || !strings.Contains(v.Prompt, "NOTE-ROWS") {
			return "", false
		}
		return `{"content":"CORRECTION informed by the Critic: multiply the rows","steps":["count per row","multiply by rows"]}`, true
	})
}

// qualities returns the quality q of ns's success memories by task type.
func qualities(t *testing.T, e e2e) map[string][]float64 {
	t.Helper()
	rows, err := e.engine.deps.Pool.Query(e.ctx, `SELECT task_type, quality FROM experiences
		WHERE namespace = $1 AND outcome = 'success_memory' ORDER BY task_type`, e.ns)
	require.NoError(t, err)
	out := map[string][]float64{}
	for rows.Next() {
		var tt string
		var q float64
		require.NoError(t, rows.Scan(&tt, &q))
		out[tt] = append(out[tt], q)
	}
	require.NoError(t, rows.Err())
	return out
}

func informedCorrections(t *testing.T, e e2e) int {
	t.Helper()
	var n int
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*) FROM experiences
		WHERE namespace = $1 AND outcome = 'failure_memory' AND record->>'content' LIKE '%informed by the Critic%'`, e.ns).Scan(&n))
	return n
}

// clientPrompt is the prompt the learner got for a client's answer to
// question of taskType through the client entry point (answer.Online, as
// /answer), with search arm arm.
func clientPrompt(t *testing.T, e e2e, taskType, question, arm string) string {
	t.Helper()
	before := len(answerPrompts(e))
	_, err := answer.NewOnline(e.engine.answerer(false), e.graph).Answer(e.ctx, e.ns,
		evokg.AnswerRequest{TaskType: taskType, Question: question, SearchArm: arm})
	require.NoError(t, err)
	prompts := answerPrompts(e)
	require.Len(t, prompts, before+1)
	return prompts[before]
}

func answerPrompts(e e2e) []string {
	var out []string
	for _, r := range e.fake.Requests() {
		if r.Chat != nil && r.Chat.Task == "answer" {
			out = append(out, r.Chat.System+"\n"+r.Chat.Prompt)
		}
	}
	return out
}

// Ablation: the Critic's scores set the quality of the success memories
// harvested from each task type, its notes reach the failure analyst, and
// they reach the learner: a client's answer shows the note with the
// success memories of the type it concerns, and none without the Critic.
func TestCriticScoresAndNotesAct(t *testing.T) {
	t.Parallel()
	items := e2eItems()
	params := Params{Iterations: 1, TopM: 4, MaxFailuresPerType: 2, Concurrency: 4}

	on := setupE2E(t, newLearner(items))
	scriptCritic(on.fake)
	off := setupE2E(t, newLearner(items))
	off.engine.deps.Mechanisms.NoCritic = true
	scriptCritic(off.fake)
	runIterations(t, on, params)
	runIterations(t, off, params)

	withCritic, without := qualities(t, on), qualities(t, off)
	require.NotEmpty(t, withCritic[easySum])
	for _, q := range withCritic[easySum] {
		require.InDelta(t, 0.9+0.05*0.2+0.05*0.2, q, 1e-9, "η = κ = the Critic's 0.2")
	}
	for _, q := range withCritic[easyDiff] {
		require.InDelta(t, 1.0, q, 1e-9, "a type the Critic did not score keeps η = κ = 1")
	}
	for _, q := range without[easySum] {
		require.InDelta(t, 1.0, q, 1e-9)
	}
	require.Positive(t, informedCorrections(t, on), "hard_ratio's corrections were written from the Critic's note")
	require.Zero(t, informedCorrections(t, off))
	require.Zero(t, off.fake.CountTask("critique"))

	q := "Crate easy_sum-9 holds 12 rocks per row in 2 rows. How many rocks are in crate easy_sum-9?"
	withNote := clientPrompt(t, on, easySum, q, bandit.StrategySemantic)
	require.Contains(t, withNote, retrieval.HeadingCritic+"\n- right by luck", withNote)
	require.Equal(t, 1, strings.Count(withNote, "right by luck"), "one note for the type, however many of its successes are shown")
	require.NotContains(t, clientPrompt(t, off, easySum, q, bandit.StrategySemantic), "right by luck")
}

// criticNotes returns the Critic notes stored with ns's success memories.
func criticNotes(t *testing.T, e e2e) []string {
	t.Helper()
	rows, err := e.engine.deps.Pool.Query(e.ctx, `SELECT DISTINCT record->'evaluation'->>'critic_note' FROM experiences
		WHERE namespace = $1 AND outcome = 'success_memory' AND record->'evaluation'->>'critic_note' <> '' ORDER BY 1`, e.ns)
	require.NoError(t, err)
	var out []string
	for rows.Next() {
		var s string
		require.NoError(t, rows.Scan(&s))
		out = append(out, s)
	}
	require.NoError(t, rows.Err())
	return out
}

// The Critic's notes pass the write gate: a note stating false arithmetic
// is refused (listed as a critic_note rejection), stored with no memory,
// shown to no learner and given to no failure analyst, while its score
// still sets η and κ; a sound note is stored.
func TestCriticNotesPassTheWriteGate(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, newLearner(e2eItems()))
	e.fake.AddRule(ollamafake.Rule{Task: "critique", Reply: `{"task_types":[` +
		`{"task_type":"easy_sum","score":0.2,"notes":"right by luck, since 12 + 2 = 26 here"},` +
		`{"task_type":"hard_ratio","score":0,"notes":"NOTE-ROWS never multiplies the rows"}]}`})
	res := runIterations(t, e, Params{Iterations: 1, TopM: 4, MaxFailuresPerType: 2, Concurrency: 4})

	m := res.Metrics[0]
	var refused []string
	for _, rj := range m.Rejections {
		if rj.Kind == writegate.KindCritic {
			refused = append(refused, rj.Item)
			require.Contains(t, rj.Reason, "false arithmetic: 12 + 2 = 26")
		}
	}
	require.Equal(t, []string{easySum}, refused)
	for _, note := range criticNotes(t, e) {
		require.NotContains(t, note, "by luck", "a refused note is stored with no memory")
	}
	for _, q := range qualities(t, e)[easySum] {
		require.InDelta(t, 0.9+0.05*0.2+0.05*0.2, q, 1e-9, "the score stands")
	}
	for _, r := range e.fake.Requests() {
		if r.Chat != nil && r.Chat.Task == "write_failure_memory" {
			require.NotContains(t, r.Chat.Prompt, "by luck", "nor is it given to the failure analyst")
		}
	}
	q := "Crate easy_sum-9 holds 12 rocks per row in 2 rows. How many rocks are in crate easy_sum-9?"
	require.NotContains(t, clientPrompt(t, e, easySum, q, bandit.StrategySemantic), "by luck")
}

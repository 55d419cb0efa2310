package evolution

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/utility"
	"github.com/evokg/evokg/vector"
)

// judged is the evaluation a client's memory is posted with, so that it is
// served at once.
var judged = &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1}

// e2ePool is the pool runIterations builds.
func e2ePool(t *testing.T) questions.Pool {
	t.Helper()
	p := Params{Pool: questions.PoolSpec{Name: "inline", Items: e2eItems(), Validation: 0.125, Test: 0.125}}.WithDefaults()
	pl, err := p.BuildPool()
	require.NoError(t, err)
	return pl
}

// ownQuestionWatch plays the e2e learner and records every training
// answer whose memory showed a memory of the item's own question: its
// question (in any case and spacing) or a marker text.
type ownQuestionWatch struct {
	learner *learnerScript
	train   map[string]bool // normalized training questions
	marked  string          // the normalized question the marker memory was written from
	marker  string

	mu               sync.Mutex
	shown, corrected int // training answers, and those shown a correction
	violations       []string
}

func (w *ownQuestionWatch) reply(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task == "answer" {
		w.check(v)
	}
	return w.learner.reply(v)
}

func (w *ownQuestionWatch) check(v ollamafake.ChatRequestView) {
	i := strings.LastIndex(v.Prompt, "Question: ")
	if i < 0 {
		return
	}
	own := questions.Normalize(question(v))
	if !w.train[own] {
		return
	}
	memories := questions.Normalize(v.Prompt[:i])
	w.mu.Lock()
	defer w.mu.Unlock()
	w.shown++
	if strings.Contains(memories, "correction") {
		w.corrected++
	}
	if strings.Contains(memories, own) || (own == w.marked && strings.Contains(memories, questions.Normalize(w.marker))) {
		w.violations = append(w.violations, own)
	}
}

// A training answer is never shown, nor credits, nor derives a memory from
// a memory written from its own normalized question: the run's own
// corrections and successes, and a client's memory whose question differs
// only in case and spacing. It still learns from the other questions'
// corrections.
func TestTrainingAnswersNeverSeeTheirOwnQuestion(t *testing.T) {
	t.Parallel()
	pl := e2ePool(t)
	w := &ownQuestionWatch{learner: newLearner(e2eItems()), train: map[string]bool{}, marker: "CLIENT MARKER: count the rows twice."}
	for _, it := range pl.Train {
		w.train[questions.Normalize(it.Question)] = true
	}
	var first questions.Item
	for _, it := range pl.Train {
		if it.TaskType == hardRate {
			first = it
			break
		}
	}
	w.marked = questions.Normalize(first.Question)
	e := setupE2EOn(t, w.reply, testenv.Postgres(t))
	_, err := e.engine.deps.Memory.IngestEmbedded(e.ctx, e.ns, evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{
		TaskType: hardRate, Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureSpecific,
		Question: "  " + strings.ToUpper(first.Question) + "  ", Answer: first.Answer, Content: w.marker, Evaluation: judged}}, "client-marker")
	require.NoError(t, err)

	final := runIterations(t, e, Params{Iterations: 2, MaxFailuresPerType: 10, Concurrency: 4})
	w.mu.Lock()
	defer w.mu.Unlock()
	t.Logf("training answers %d, shown a correction %d", w.shown, w.corrected)
	require.Empty(t, w.violations, "training answers shown a memory of their own question")
	require.Positive(t, w.corrected, "training answers are shown the other questions' corrections")
	require.Positive(t, final.Metrics[1].ByTaskType[hardRatio].Correct, "and learn from them")

	var derived int
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx, `SELECT count(*)
		FROM experiences s CROSS JOIN LATERAL jsonb_array_elements_text(s.record->'derived_from') d(id)
		JOIN experiences m ON m.id = d.id::uuid
		WHERE s.namespace = $1 AND s.outcome = 'success_memory'
		  AND lower(regexp_replace(btrim(s.record->>'question'), '\s+', ' ', 'g'))
		    = lower(regexp_replace(btrim(m.record->>'question'), '\s+', ' ', 'g'))`, e.ns).Scan(&derived))
	require.Zero(t, derived, "no harvested success derives from a memory of its own question")
}

// Live evidence of memory utility comes from validation answers, never
// from training answers: the run records its training answers without the
// memories they showed, so their rewards credit none, and no memory is
// credited more often than the validation items of its task type were
// answered.
func TestLiveEvidenceComesFromValidationAnswers(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	e := setupE2EOn(t, newLearner(e2eItems()).reply, pg)
	e.engine.deps.Utility = utility.NewStore(pg, vector.NewStore(pg, evokg.DefaultEmbeddingDim), nil, utility.Policy{})
	const iterations = 3
	runIterations(t, e, Params{Iterations: iterations, MaxFailuresPerType: 10, Concurrency: 4})

	var credited int
	require.NoError(t, pg.QueryRow(e.ctx, `SELECT count(*) FROM answers
		WHERE namespace = $1 AND run_id IS NOT NULL AND cardinality(memory_ids) > 0`, e.ns).Scan(&credited))
	require.Zero(t, credited, "a training answer's reward credits no memory")

	perType := map[string]int64{}
	for _, it := range e2ePool(t).Validation {
		perType[it.TaskType]++
	}
	rows, err := pg.Query(e.ctx, `SELECT task_type, shown_right + shown_wrong FROM memory_utility WHERE namespace = $1`, e.ns)
	require.NoError(t, err)
	var total int64
	for rows.Next() {
		var taskType string
		var shown int64
		require.NoError(t, rows.Scan(&taskType, &shown))
		require.LessOrEqual(t, shown, iterations*perType[taskType], "a %s memory credited by more answers than its validation items", taskType)
		total += shown
	}
	require.NoError(t, rows.Err())
	require.Positive(t, total, "validation answers credit the memories they showed")
}

// A probation replay compares the learner with the memory on trial and
// without it, with the same served memories: the memory is shown beside
// them, not in place of one. Here a client's served correction makes the
// learner right on a hard_ratio question, and a client's probationary
// failure memory that says nothing useful is tried: it ties, where shown
// in the correction's place it would have "hurt".
func TestProbationReplaysKeepTheServedMemories(t *testing.T) {
	t.Parallel()
	pg := testenv.Postgres(t)
	e := setupE2EOn(t, fixableLearner(e2eItems()), pg)
	e.engine.deps.Utility = utility.NewStore(pg, vector.NewStore(pg, evokg.DefaultEmbeddingDim), nil, utility.Policy{})
	var ratios []questions.Item
	for _, it := range e2ePool(t).Train {
		if it.TaskType == hardRatio {
			ratios = append(ratios, it)
		}
	}
	ratio, other := ratios[0], ratios[1] // not near-duplicates: the pack would keep one of them
	_, err := e.engine.deps.Memory.IngestEmbedded(e.ctx, e.ns, evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{
		TaskType: hardRatio, Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureSpecific, Question: ratio.Question,
		Answer: ratio.Answer, Content: "CORRECTION: multiply the rows by the amount per row, which gives " + ratio.Answer,
		Evaluation: judged}}, "served")
	require.NoError(t, err)
	trial, err := e.engine.deps.Memory.IngestEmbedded(e.ctx, e.ns, evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{
		TaskType: hardRatio, Outcome: evokg.OutcomeFailure, FailureKind: evokg.FailureSpecific, Question: other.Question,
		Answer: other.Answer, Content: "Read the question twice.", Evaluation: judged}, Probation: true}, "on-trial")
	require.NoError(t, err)

	final := runIterations(t, e, Params{Iterations: 1, MaxFailuresPerType: 10, ProbationCalls: 12, Concurrency: 4})
	t.Logf("probation: %+v", final.Metrics[0].Probation)
	require.Positive(t, final.Metrics[0].ByTaskType[hardRatio].Validation.Correct, "the served correction makes validation right")
	u, err := e.engine.deps.Utility.(*utility.Store).Get(e.ctx, e.ns, trial.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.MemoryActive, u.State, u.Reason)
	require.Zero(t, u.Hurt, u.Reason)
	require.Positive(t, u.Tied, u.Reason)
}

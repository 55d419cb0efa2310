package tasks

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/questions"
)

// epochLearner plays four kinds of item: easy (always right), hard (right
// after the validator's feedback, or when memory holds a guardrail: a
// failure archived from an earlier task),
// flaky (right the first time it is seen only) and impossible.
type epochLearner struct {
	mu   sync.Mutex
	seen map[string]int
	gold map[string]string
}

func (l *epochLearner) reply(task, text string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seen[task]++
	gold := l.gold[task]
	switch {
	case strings.Contains(task, "easy"):
		return gold
	case strings.Contains(task, "hard") && (strings.Contains(text, "Attempt 1 was rejected") || strings.Contains(text, "Guardrail 1")):
		return gold
	case strings.Contains(task, "flaky") && l.seen[task] == 1:
		return gold
	}
	return "0"
}

func epochItems() []questions.Item {
	var items []questions.Item
	for i, kind := range []string{"easy", "hard", "flaky", "impossible"} {
		items = append(items, questions.Item{ID: kind, TaskType: "counting", Answer: []string{"11", "12", "13", "14"}[i],
			Question: "The " + kind + " shelf holds some boxes. How many boxes are on the " + kind + " shelf?"})
	}
	return items
}

// An epoch run's SR, CSR, mean attempts and first-attempt success come from
// the stored attempts: the hard item needs 2 attempts in epoch 1 and 1 in
// epoch 2 (its success is retrieved), the flaky item is solved in epoch 1
// only (CSR keeps it), the impossible one never. The held-out hard item is
// solved at once with the guardrails frozen memory holds, and commits
// nothing.
func TestEpochsComputeSRAndCSRFromStoredAttempts(t *testing.T) {
	t.Parallel()
	items := epochItems()
	learner := &epochLearner{seen: map[string]int{}, gold: map[string]string{}}
	held := questions.Item{ID: "held", TaskType: "counting", Answer: "15", Split: questions.SplitTest, Question: "The hard held shelf holds some boxes. How many boxes are on it?"}
	for _, it := range append(items, held) {
		learner.gold[it.Question] = it.Answer
	}
	b := setup(t, testenv.Postgres(t), generating(learner.reply))
	var progress []evokg.EpochMetrics
	run, err := b.engine.RunLocal(b.ctx, b.ns, RunParams{Pool: questions.PoolSpec{Name: "shelves", Items: append(items, held)},
		Epochs: 2, MaxIterations: 2, Frozen: true}, func(m evokg.EpochMetrics) { progress = append(progress, m) })
	require.NoError(t, err)
	require.Equal(t, evokg.RunSucceeded, run.Status)

	require.Equal(t, []evokg.EpochMetrics{
		{Epoch: 1, Tasks: 4, Solved: 3, SR: 0.75, CSR: 0.75, MeanIterations: 1.5, FirstAttemptShare: 0.5},
		{Epoch: 2, Tasks: 4, Solved: 2, SR: 0.5, CSR: 0.75, MeanIterations: 1.5, FirstAttemptShare: 0.5},
	}, withoutTaskIDs(run.Metrics))
	require.Equal(t, append(run.Metrics, *run.FrozenResult), progress)
	require.Equal(t, evokg.EpochMetrics{Epoch: 3, Tasks: 1, Solved: 1, SR: 1, CSR: 1, MeanIterations: 1, FirstAttemptShare: 1, Frozen: true},
		withoutTaskIDs([]evokg.EpochMetrics{*run.FrozenResult})[0])
	for _, m := range append(run.Metrics, *run.FrozenResult) {
		require.Len(t, m.TaskIDs, m.Tasks, "epoch %d names its tasks", m.Epoch)
		for _, id := range m.TaskIDs {
			task, err := b.engine.Get(b.ctx, b.ns, id)
			require.NoError(t, err)
			require.Equal(t, m.Frozen, task.Frozen)
		}
	}

	again, err := b.engine.GetRun(b.ctx, b.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, run.Metrics, again.Metrics, "the figures are recomputed from the stored attempts")

	var commits, frozenCommits int
	require.NoError(t, b.pg.QueryRow(b.ctx, `SELECT count(*) FROM experiences WHERE namespace = $1`, b.ns).Scan(&commits))
	require.NoError(t, b.pg.QueryRow(b.ctx, `SELECT count(*) FROM tasks WHERE namespace = $1 AND frozen
		AND committed <> '[]'::jsonb`, b.ns).Scan(&frozenCommits))
	// epoch 1: easy P+, hard P− and P+, flaky P+, impossible P−; epoch 2:
	// easy, hard P+, flaky P−, impossible P−; held-out: none.
	require.Equal(t, 9, commits)
	require.Zero(t, frozenCommits)
}

func withoutTaskIDs(ms []evokg.EpochMetrics) []evokg.EpochMetrics {
	out := make([]evokg.EpochMetrics, len(ms))
	for i, m := range ms {
		m.TaskIDs = nil
		out[i] = m
	}
	return out
}

package experiment

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/questions"
)

// The 95% Wilson score interval, against values computed by hand:
// 11 of 60 → [0.1056, 0.2992]; 0 of 20 → [0, 0.1611]; 20 of 20 → [0.8389, 1].
func TestWilson(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		k, n     int
		low, top float64
	}{{11, 60, 0.1056, 0.2992}, {0, 20, 0, 0.1611}, {20, 20, 0.8389, 1}} {
		got := Wilson(c.k, c.n)
		require.InDelta(t, c.low, got[0], 5e-5, "%d/%d", c.k, c.n)
		require.InDelta(t, c.top, got[1], 5e-5, "%d/%d", c.k, c.n)
	}
	require.Equal(t, Interval{}, Wilson(0, 0))
}

// Each arm's accuracy and the pairwise share of items whose shown memory
// ids differ; the third item has no memory under any arm: its task type's
// memory switch is off.
func TestArmsReport(t *testing.T) {
	t.Parallel()
	a, b, c, d := evokg.NewID(), evokg.NewID(), evokg.NewID(), evokg.NewID()
	got := [][]armAnswer{
		{{correct: true, shown: sortedIDs([]uuid.UUID{a, b}), calls: 1}, {shown: []uuid.UUID{b}, calls: 1}, {calls: 1, off: true}, {correct: true, shown: sortedIDs([]uuid.UUID{a, b, d}), calls: 1}},
		{{correct: true, shown: sortedIDs([]uuid.UUID{b, a}), calls: 2}, {shown: []uuid.UUID{c}, calls: 2}, {calls: 2, off: true}, {shown: sortedIDs([]uuid.UUID{d, b, a}), calls: 2}},
		{{shown: []uuid.UUID{c}, calls: 1}, {calls: 1}, {calls: 1, off: true}, {shown: []uuid.UUID{d}, calls: 1}},
	}
	r := armsReport("ns", []string{"semantic", "lexical", "cascade"}, got)
	require.Equal(t, 4, r.Items)
	require.Equal(t, 2, r.Arms[0].Correct)
	require.InDelta(t, 0.5, r.Arms[0].Accuracy, 1e-12)
	require.InDelta(t, 1.5, r.Arms[0].Memories, 1e-12)
	require.Equal(t, 8, r.Arms[1].LearnerCalls)
	require.Equal(t, []ArmPair{{A: "semantic", B: "lexical", Differ: 1, Rate: 0.25, WithMemory: 3},
		{A: "semantic", B: "cascade", Differ: 3, Rate: 0.75, WithMemory: 3}, {A: "lexical", B: "cascade", Differ: 3, Rate: 0.75, WithMemory: 3}}, r.Pairs)
	require.InDelta(t, 0.25, r.MinPairRate, 1e-12)
	require.Equal(t, 1, r.SwitchedOff)
}

// shownAnswerer replies with the memory each arm shows for each question,
// as ids and as a rendered block of its own.
type shownAnswerer map[string]map[string]answer.Reply

func (s shownAnswerer) Answer(_ context.Context, _ string, q answer.Question) (answer.Reply, error) {
	return s[q.SearchArm][q.Question], nil
}

// Two arms differ on an item when they show other memories, whatever the
// rendered text: the same memories rendered in another order do not
// differ, other memories rendered alike do.
func TestCompareArmsComparesShownIDs(t *testing.T) {
	t.Parallel()
	a, b, c := evokg.NewID(), evokg.NewID(), evokg.NewID()
	replies := shownAnswerer{
		"semantic": {
			"reordered": {Memory: "A then B", MemoryIDs: []uuid.UUID{a, b}}, "regrouped": {Memory: "A; C", MemoryIDs: []uuid.UUID{a, c}},
			"other": {Memory: "same text", MemoryIDs: []uuid.UUID{a}}},
		"lexical": {
			"reordered": {Memory: "B then A", MemoryIDs: []uuid.UUID{b, a}}, "regrouped": {Memory: "C; A", MemoryIDs: []uuid.UUID{c, a}},
			"other": {Memory: "same text", MemoryIDs: []uuid.UUID{c}}},
	}
	items := []questions.Item{{TaskType: "t", Question: "reordered"}, {TaskType: "t", Question: "regrouped"}, {TaskType: "t", Question: "other"}}
	r, err := CompareArms(t.Context(), replies, ArmsConfig{Namespace: "ns", Items: items, Arms: []string{"semantic", "lexical"}})
	require.NoError(t, err)
	require.Equal(t, []ArmPair{{A: "semantic", B: "lexical", Differ: 1, Rate: 1.0 / 3, WithMemory: 3}}, r.Pairs)
}

// questionLog records the questions it is asked and answers nothing.
type questionLog struct {
	mu        sync.Mutex
	questions []answer.Question
}

func (l *questionLog) Answer(_ context.Context, _ string, q answer.Question) (answer.Reply, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.questions = append(l.questions, q)
	return answer.Reply{}, nil
}

// The experiment's test answers (with memory, routing only, baseline) and
// the arms' held-out answers count no tool call against its tool.
func TestHeldOutAnswersScoreNoTool(t *testing.T) {
	t.Parallel()
	it := questions.Item{ID: "a", TaskType: "t", Question: "q", Answer: "1", Split: questions.SplitTest}
	log := &questionLog{}
	_, err := evaluateItem(t.Context(), log, "ns", it, nil)
	require.NoError(t, err)
	_, err = CompareArms(t.Context(), log, ArmsConfig{Namespace: "ns", Items: []questions.Item{it}, Arms: []string{"semantic", "lexical"}})
	require.NoError(t, err)
	require.Len(t, log.questions, 5)
	for _, q := range log.questions {
		require.True(t, q.NoToolScores, "%+v", q)
	}
}

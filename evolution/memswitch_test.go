package evolution

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/memswitch"
	"github.com/evokg/evokg/questions"
)

// switchLearner plays a learner whose memory hurts one task type until the
// test says it helps. Without memory it gets half of that type's validation
// and test items right (the baseline); with memory, none while hurting, all
// after.
type switchLearner struct {
	mu       sync.Mutex
	helps    bool
	items    map[string]questions.Item
	baseline map[string]bool // item id → right without memory
	sawBlock map[string]bool // question → last call carried a memory block
}

var questionLine = regexp.MustCompile(`(?m)^Question: (.+)\s*$`)

func (l *switchLearner) reply(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	m := questionLine.FindStringSubmatch(v.Prompt)
	l.mu.Lock()
	defer l.mu.Unlock()
	it := l.items[strings.TrimSpace(m[1])]
	withMemory := strings.Contains(v.Prompt, "Memories:")
	l.sawBlock[it.Question] = withMemory
	right := it.TaskType != "hurt" || (withMemory && l.helps) || (!withMemory && l.baseline[it.ID])
	answer := it.Answer
	if !right {
		answer += "1"
	}
	return fmt.Sprintf(`{"reasoning":"add","answer":%q}`, answer), true
}

func switchItems() []questions.Item {
	var items []questions.Item
	for _, tt := range []string{"hurt", "steady"} {
		for i := range 8 {
			items = append(items, questions.Item{ID: fmt.Sprintf("%s-%d", tt, i), TaskType: tt,
				Question: fmt.Sprintf("Tally %s-%d: what is %d + %d?", tt, i, i, 7), Answer: fmt.Sprint(i + 7)})
		}
	}
	return items
}

// TestMemorySwitchEngagesAndReleases: when memory makes a task type's
// validation accuracy fall below the memory-off baseline by more than δ,
// evolution switches that type's memory off, and the learner layer then
// answers it without memory while the other type keeps its memory; once a
// later iteration with memory beats the baseline, the switch is released.
func TestMemorySwitchEngagesAndReleases(t *testing.T) {
	t.Parallel()
	items := switchItems()
	params := Params{Iterations: 2, Concurrency: 4, MaxFailuresPerType: 2, DisableBandits: true,
		Pool: questions.PoolSpec{Name: "inline", Items: items, Validation: 0.25, Test: 0.25}}.WithDefaults()
	pl, err := params.BuildPool()
	require.NoError(t, err)
	l := &switchLearner{items: map[string]questions.Item{}, baseline: map[string]bool{}, sawBlock: map[string]bool{}}
	for _, it := range items {
		l.items[it.Question] = it
	}
	for _, split := range [][]questions.Item{pl.Validation, pl.Test} {
		hurt := 0
		for _, it := range split {
			if it.TaskType == "hurt" {
				l.baseline[it.ID], hurt = hurt%2 == 0, hurt+1
			}
		}
		require.Equal(t, 2, hurt, "two hurt items in each of validation and test")
	}
	e := setupE2EOn(t, l.reply, testenv.Postgres(t))
	switches := memswitch.NewStore(e.engine.deps.Pool)
	e.engine.deps.MemorySwitch = switches
	params.Namespace = e.ns

	run := newRun(params)
	require.NoError(t, e.engine.store.insertRun(e.ctx, run, params))
	require.NoError(t, e.engine.Run(e.ctx, run.ID, params, nil))
	m, err := e.engine.store.metrics(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Len(t, m, 2)
	hurt := m[1].ByTaskType["hurt"]
	require.Equal(t, SplitAccuracy{Correct: 0, Total: 2, Accuracy: 0, WithoutCorrect: 1, WithoutMemory: 0.5}, hurt.Validation,
		"the baseline gets half right, with memory none")
	require.InDelta(t, 1.0, m[1].ByTaskType["steady"].Validation.Accuracy, 1e-9)
	require.Empty(t, m[0].MemoryOff, "iteration 1 had no memory yet: with and without tie")
	require.Equal(t, []string{"hurt"}, m[1].MemoryOff, "a drop of 0.5 > δ switches hurt's memory off")

	// The learner layer honours the switch: hurt is answered without
	// memory, steady with it.
	served := answer.New(e.engine.deps.Learner, e.engine.deps.Retriever, nil, nil, e.graph).WithMemorySwitch(switches)
	for _, it := range []questions.Item{pl.Test[0], pl.Test[len(pl.Test)-1]} {
		reply, err := served.Answer(e.ctx, e.ns, answer.Question{TaskType: it.TaskType, Question: it.Question})
		require.NoError(t, err)
		require.Equal(t, it.TaskType == "hurt", reply.MemoryOff, it.ID)
		require.Equal(t, it.TaskType != "hurt", l.sawBlock[it.Question], "%s: memory block", it.ID)
	}

	// A later iteration in which memory helps beats the baseline: released.
	l.mu.Lock()
	l.helps = true
	l.mu.Unlock()
	params.Iterations = 3
	require.NoError(t, e.engine.Run(e.ctx, run.ID, params, nil))
	m, err = e.engine.store.metrics(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Len(t, m, 3)
	require.InDelta(t, 1.0, m[2].ByTaskType["hurt"].Validation.Accuracy, 1e-9, "validation reads memory whatever the switch says")
	require.InDelta(t, 0.5, m[2].ByTaskType["hurt"].Test.Accuracy, 1e-9, "the test split was answered as a client: switch still off, the baseline's half")
	require.Empty(t, m[2].MemoryOff, "memory beat the baseline: the switch is released")
	reply, err := served.Answer(e.ctx, e.ns, answer.Question{TaskType: "hurt", Question: pl.Test[0].Question})
	require.NoError(t, err)
	require.False(t, reply.MemoryOff)
	require.Equal(t, []int64{8 + 8 + 8, 16, 16}, []int64{m[0].LearnerCalls, m[1].LearnerCalls, m[2].LearnerCalls},
		"validation and test are answered without memory once per run, in iteration 1")
}

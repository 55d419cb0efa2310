package experiment

import (
	"context"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/questions"
)

// ItemResult is one test item answered with and without memory, and
// with memory off but routing on (what the evolved routing alone gives).
type ItemResult struct {
	ID            string `json:"id"`
	TaskType      string `json:"task_type"`
	WithMemory    bool   `json:"with_memory"`
	WithoutMemory bool   `json:"without_memory"`
	RoutingOnly   bool   `json:"routing_only"`
	// MemoryOff is set when the task type's memory switch was off, so the
	// memory arm answered without memory too.
	MemoryOff bool `json:"memory_off,omitempty"`
}

// evaluate answers every test item three times through the learner
// layer, at temperature 0: with memory as a client gets it, without memory
// or routing (the baseline), and without memory but with the bandits'
// routing; it grades the answers. The arms without memory answer under
// baseline, the profile the run found best without memory (nil: the
// stored one). Calls are accounted to run.
func evaluate(ctx context.Context, d Deps, run *evokg.EvolutionRun, items []questions.Item, baseline *evokg.LearnerProfile, concurrency int) ([]ItemResult, error) {
	ctx = llm.WithCall(ctx, llm.CallMeta{Namespace: run.Namespace, RunID: run.ID.String(), Iteration: run.Iteration + 1})
	out := make([]ItemResult, len(items))
	var mu sync.Mutex
	done := 0
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(concurrency)
	for i, it := range items {
		g.Go(func() error {
			r, err := evaluateItem(gctx, d.Answerer, run.Namespace, it, baseline)
			if err != nil {
				return err
			}
			out[i] = r
			mu.Lock()
			defer mu.Unlock()
			done++
			d.Progress(evolution.Progress{RunID: run.ID, Iteration: run.Iteration, Iterations: run.Iteration,
				Phase: "experiment", Item: done, Items: len(items)})
			return nil
		})
	}
	return out, g.Wait()
}

func evaluateItem(ctx context.Context, a Answerer, ns string, it questions.Item, baseline *evokg.LearnerProfile) (ItemResult, error) {
	zero := 0.0
	q := answer.Question{TaskType: it.TaskType, Question: it.Question, Context: it.Context, Temperature: &zero,
		NoToolScores: true} // test items: no tool is scored on them
	r := ItemResult{ID: it.ID, TaskType: it.TaskType}
	with, err := answerCorrect(ctx, a, ns, q, it)
	if err != nil {
		return r, err
	}
	r.WithMemory, r.MemoryOff = with.correct, with.memoryOff
	q.NoMemory, q.Profile = true, baseline
	routed, err := answerCorrect(ctx, a, ns, q, it)
	if err != nil {
		return r, err
	}
	r.RoutingOnly = routed.correct
	q.NoRouting = true
	without, err := answerCorrect(ctx, a, ns, q, it)
	r.WithoutMemory = without.correct
	return r, err
}

type graded struct{ correct, memoryOff bool }

// answerCorrect answers q and grades the answer field against the gold
// answer (exact or numeric: the experiment's pools need no judge). A reply
// that stays invalid counts as wrong, as in evolution.
func answerCorrect(ctx context.Context, a Answerer, ns string, q answer.Question, it questions.Item) (graded, error) {
	reply, err := a.Answer(ctx, ns, q)
	if itemFailure(err) {
		return graded{}, nil
	}
	if err != nil {
		return graded{}, err
	}
	ok, err := questions.Grader{}.Grade(ctx, it, reply.Answer)
	return graded{correct: ok, memoryOff: reply.MemoryOff}, err
}

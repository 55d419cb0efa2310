package tasks

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/validate"
)

// plan is the Plan phase: the learner model's goal, entities and σ̂.
func (e *Engine) plan(ctx context.Context, r *row) error {
	if r.Plan != nil {
		return nil
	}
	vocab, err := e.vocabulary(ctx, r.Namespace)
	if err != nil {
		return err
	}
	p, err := e.deps.Learner.PlanTask(ctx, evokg.PlanRequest{TaskType: r.TaskType, Question: r.Question, Context: r.Context, Vocabulary: vocab})
	if err != nil {
		return err
	}
	p.Entities = orEmpty(p.Entities)
	r.Plan = &p
	return e.store.savePhase(ctx, "save_plan", r.Namespace, r.ID, r.Plan)
}

func (e *Engine) vocabulary(ctx context.Context, ns string) ([]string, error) {
	if e.deps.Vocabulary == nil {
		return nil, nil
	}
	return e.deps.Vocabulary.OperationVocabulary(ctx, ns, e.cfg.VocabularySize)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// retrieve is the Retrieve phase: an APEX pack (P+ top 3, P− top 2) from
// every channel, each memory with its error registry and patches.
func (e *Engine) retrieve(ctx context.Context, r *row) error {
	if r.Retrieval != nil {
		return nil
	}
	pack, err := e.deps.Retriever.Retrieve(ctx, retrieval.Request{Namespace: r.Namespace, TaskType: r.TaskType,
		Question: r.Question, Context: r.Context, Signature: r.Plan.Signature,
		Strategy: retrieval.StrategyHybridGraph, Mode: retrieval.ModeAPEX})
	if err != nil {
		return err
	}
	ret := &evokg.TaskRetrieval{Strategy: pack.Strategy}
	if ret.Positives, err = e.memories(ctx, r.Namespace, pack.Successes); err != nil {
		return err
	}
	if ret.Negatives, err = e.memories(ctx, r.Namespace, pack.Failures); err != nil {
		return err
	}
	r.Retrieval = ret
	return e.store.savePhase(ctx, "save_retrieval", r.Namespace, r.ID, ret)
}

// memories reads the records of a pack's items for their signature, error
// registry and patches.
func (e *Engine) memories(ctx context.Context, ns string, items []retrieval.Item) ([]evokg.TaskMemory, error) {
	out := make([]evokg.TaskMemory, 0, len(items))
	for _, it := range items {
		rec, err := e.deps.Memory.Get(ctx, ns, it.ID)
		if err != nil {
			return nil, fmt.Errorf("memory %s: %w", it.ID, err)
		}
		out = append(out, evokg.TaskMemory{ExperienceID: it.ID, Outcome: it.Outcome, Score: it.Score, Text: it.Text,
			Signature: rec.Signature, Errors: rec.Errors, Patches: rec.Patches})
	}
	return out, nil
}

// iterate is the Generate + Iterate loop: up to J attempts, each checked by
// the validator; a stuck loop (an attempt repeating the one before, by its
// answer or its failure) gives the next attempt divergent guidance.
func (e *Engine) iterate(ctx context.Context, r *row, v validate.Validator) error {
	for n := len(r.Attempts) + 1; n <= r.MaxIterations; n++ {
		if last := lastAttempt(r.Attempts); last != nil && last.Feedback.Passed {
			return nil
		}
		a, err := e.attempt(ctx, r, v, n)
		if err != nil {
			return err
		}
		a.Stuck = stuckLoop(r.Attempts, a)
		if err := e.store.insertAttempt(ctx, r.Namespace, r.ID, a); err != nil {
			return err
		}
		r.Attempts = append(r.Attempts, a)
	}
	return nil
}

// attempt generates and validates attempt n.
func (e *Engine) attempt(ctx context.Context, r *row, v validate.Validator, n int) (evokg.TaskAttempt, error) {
	req := evokg.AttemptRequest{Question: r.Question, Context: r.Context, Goal: r.Plan.Goal, Signature: r.Plan.Signature,
		Entities: r.Plan.Entities, Positives: r.Retrieval.Positives, Negatives: r.Retrieval.Negatives, Previous: r.Attempts}
	a := evokg.TaskAttempt{N: n}
	if last := lastAttempt(r.Attempts); last != nil && last.Stuck != nil {
		a.Guidance = divergentGuidance(r.Attempts, last)
		req.Divergent, req.Temperature = a.Guidance, &e.cfg.DivergentTemperature
	}
	reply, err := e.deps.Learner.GenerateAttempt(ctx, req)
	if err != nil {
		return a, err
	}
	a.Answer, a.Reasoning, a.CreatedAt = reply.Answer, reply.Reasoning, evokg.Now()
	a.Feedback, err = v.Validate(ctx, validate.Attempt{TaskID: r.ID, N: n, Question: r.Question, TaskType: r.TaskType,
		Context: r.Context, Answer: reply.Answer})
	return a, err
}

// stuckLoop detects a failed attempt that repeats the attempt before it:
// the same answer, or the same failure.
func stuckLoop(prev []evokg.TaskAttempt, a evokg.TaskAttempt) *evokg.StuckLoop {
	last := lastAttempt(prev)
	switch {
	case a.Feedback.Passed || last == nil:
		return nil
	case sameAnswer(last.Answer, a.Answer):
		return &evokg.StuckLoop{Reason: evokg.StuckSameAnswer, RepeatOf: last.N}
	case last.Feedback.Same(a.Feedback):
		return &evokg.StuckLoop{Reason: evokg.StuckSameFeedback, RepeatOf: last.N}
	}
	return nil
}

func sameAnswer(a, b string) bool {
	return strings.Join(strings.Fields(strings.ToLower(a)), " ") == strings.Join(strings.Fields(strings.ToLower(b)), " ")
}

// divergentGuidance tells the learner to leave the loop: which answers were
// rejected, the failure it repeats, and to derive the answer anew.
func divergentGuidance(prev []evokg.TaskAttempt, stuck *evokg.TaskAttempt) string {
	rejected := make([]string, 0, len(prev))
	for _, a := range prev {
		if s := fmt.Sprintf("%q", evokg.TruncateRunes(a.Answer, 80)); !strings.Contains(strings.Join(rejected, ","), s) {
			rejected = append(rejected, s)
		}
	}
	what := "gave the same answer"
	if stuck.Stuck.Reason == evokg.StuckSameFeedback {
		what = "failed the same way"
	}
	return fmt.Sprintf("Attempts %d and %d %s (%s). Do not give any rejected answer again (%s). "+
		"Take a different approach: derive every step of the plan anew from the task itself, and fix %s first.",
		stuck.Stuck.RepeatOf, stuck.N, what, stuck.Feedback.RootCause, strings.Join(rejected, ", "),
		cmp.Or(stuck.Feedback.FixTarget, "the answer"))
}

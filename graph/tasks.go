package graph

// PRGII task traces: a task, its attempts in order, the memories it
// retrieved and the experiences its attempts were committed as.

import (
	"context"
	"fmt"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// ProjectTask writes task t's trace into the graph (MERGE by id, so a
// repeated projection changes nothing). Experiences the trace links to must
// be projected already: when a committed one is missing it returns
// EUNAVAILABLE, for the caller to retry after the experience's own
// projection.
func (g *Graph) ProjectTask(ctx context.Context, t evokg.Task) error {
	if err := checkNamespace(t.Namespace); err != nil {
		return err
	}
	links, committed := taskLinks(t)
	linked, err := writeTx(ctx, g, "task_trace", func(ctx context.Context, tx neo4j.ManagedTransaction) (int64, error) {
		if _, err := run(ctx, tx, "task_trace_merge", taskParams(t)); err != nil {
			return 0, err
		}
		rec, ok, err := single(ctx, tx, "task_trace_link", params(t.Namespace, "id", t.ID.String(), "links", links))
		if err != nil || !ok {
			return 0, err
		}
		return rowOf(rec).i64("linked"), nil
	})
	if err != nil {
		return err
	}
	if linked < int64(committed) {
		return evokg.Errorf(evokg.EUNAVAILABLE, "task %s: %d of its %d committed experiences are not in the graph yet", t.ID, int64(committed)-linked, committed)
	}
	return nil
}

// AttemptID is the graph id of attempt n of a task.
func AttemptID(t evokg.Task, n int) string { return fmt.Sprintf("%s:%d", t.ID, n) }

func taskParams(t evokg.Task) map[string]any {
	attempts := make([]map[string]any, len(t.Attempts))
	var next []map[string]any
	for i, a := range t.Attempts {
		attempts[i] = map[string]any{
			"id": AttemptID(t, a.N), "n": a.N, "answer": evokg.TruncateRunes(a.Answer, 2000), "passed": a.Feedback.Passed,
			"outcome": a.Feedback.Outcome, "root_cause": a.Feedback.RootCause, "fix_target": a.Feedback.FixTarget,
			"stuck": stuckReason(a), "guidance": a.Guidance, "created_at": a.CreatedAt.Format(time.RFC3339Nano),
		}
		if i > 0 {
			next = append(next, map[string]any{"from": AttemptID(t, t.Attempts[i-1].N), "to": AttemptID(t, a.N)})
		}
	}
	sig, goal := []string{}, ""
	if t.Plan != nil {
		sig, goal = t.Plan.Signature, t.Plan.Goal
	}
	return params(t.Namespace, "id", t.ID.String(), "created_at", t.CreatedAt.Format(time.RFC3339Nano),
		"question", t.Question, "task_type", t.TaskType, "status", t.Status, "validator", t.ValidatorKind,
		"signature", sig, "goal", goal, "answer", t.Answer, "attempts", attempts, "next", next)
}

func stuckReason(a evokg.TaskAttempt) string {
	if a.Stuck == nil {
		return ""
	}
	return a.Stuck.Reason
}

// taskLinks are the trace's links to experiences and how many of them are
// commits.
func taskLinks(t evokg.Task) ([]map[string]any, int) {
	var links []map[string]any
	if r := t.Retrieval; r != nil {
		for _, m := range r.Positives {
			links = append(links, map[string]any{"experience": m.ExperienceID.String(), "role": "P+", "score": m.Score, "attempt": nil})
		}
		for _, m := range r.Negatives {
			links = append(links, map[string]any{"experience": m.ExperienceID.String(), "role": "P−", "score": m.Score, "attempt": nil})
		}
	}
	for _, c := range t.Committed {
		links = append(links, map[string]any{"experience": c.ExperienceID.String(), "role": nil, "score": nil, "attempt": AttemptID(t, c.Attempt)})
	}
	return links, len(t.Committed)
}

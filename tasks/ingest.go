package tasks

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// maxRegistry bounds the error registry of an archived failure.
const maxRegistry = 5

// ingest is the Ingest phase. Unless memory is frozen it commits, through
// the quality gate: a failed first attempt as a failure memory (P−) with
// the error registry of the failures and, when a later attempt passed, its
// recovery and patch; and the passing attempt as a success memory (P+)
// derived from it. Each commit is idempotent per task and attempt.
func (e *Engine) ingest(ctx context.Context, r *row) error {
	if r.Frozen || len(r.Attempts) == 0 || len(r.Committed) > 0 {
		return nil
	}
	first, last := r.Attempts[0], r.Attempts[len(r.Attempts)-1]
	var derived []uuid.UUID
	if !first.Feedback.Passed {
		c, err := e.commit(ctx, r, first, e.failureRecord(r, last))
		if err != nil {
			return err
		}
		derived = append(derived, c.ExperienceID)
	}
	if last.Feedback.Passed {
		in := e.successRecord(r, last)
		in.DerivedFrom = append(derived, in.DerivedFrom...)
		if _, err := e.commit(ctx, r, last, in); err != nil {
			return err
		}
	}
	return nil
}

func (e *Engine) commit(ctx context.Context, r *row, a evokg.TaskAttempt, in evokg.ExperienceInput) (evokg.TaskCommit, error) {
	receipt, err := e.deps.Memory.IngestEmbedded(ctx, r.Namespace, in, fmt.Sprintf("prgii:%s:%d", r.ID, a.N))
	if err != nil {
		return evokg.TaskCommit{}, err
	}
	c := evokg.TaskCommit{ExperienceID: receipt.ID, Attempt: a.N, Outcome: receipt.Outcome, Gate: receipt.Gate, Errors: in.Errors}
	if receipt.Gate != nil {
		c.Q = receipt.Gate.Q
	}
	r.Committed = append(r.Committed, c)
	return c, nil
}

// record is what both commits share: the task, the attempt and the plan.
func (e *Engine) record(r *row, a evokg.TaskAttempt, outcome evokg.Outcome, ev evokg.Evaluation) evokg.ExperienceInput {
	fields := evokg.ExperienceFields{
		TaskType: r.TaskType, Outcome: outcome, Question: r.Question, Answer: evokg.TruncateRunes(a.Answer, 2000),
		ChainOfThought: a.Reasoning, Context: r.Context, Signature: r.Plan.Signature, Entities: r.Plan.Entities,
		Goal: &evokg.GoalReflection{TaskDescription: r.Question, VerificationContract: r.Spec.Kind, GoalSignature: r.Plan.Goal},
		Procedure: &evokg.ProcedureReflection{Name: "proc:prgii_" + evokg.NormalizeOperation(r.TaskType) + ":v1",
			Steps: r.Plan.Signature, Budgets: map[string]any{"max_iterations": r.MaxIterations, "iterations": len(r.Attempts)}},
		Evaluation:  &ev,
		DerivedFrom: retrievedIDs(r.Retrieval),
	}
	return evokg.ExperienceInput{ExperienceFields: fields}
}

// evaluation grades attempt a of a task: correctness is the validator's
// verdict, efficiency falls with the attempts used out of J, completeness
// says whether the answer had the expected form.
func evaluation(r *row, a evokg.TaskAttempt) evokg.Evaluation {
	c, k := 0.0, 1.0
	if a.Feedback.Passed {
		c = 1
	}
	if a.Feedback.Outcome == evokg.OutcomeForm || a.Feedback.Outcome == evokg.OutcomeError {
		k = 0
	}
	eta := 1 - float64(a.N-1)/float64(r.MaxIterations)
	return evokg.NewEvaluation(c, eta, k, a.Feedback.RootCause)
}

func (e *Engine) successRecord(r *row, a evokg.TaskAttempt) evokg.ExperienceInput {
	return e.record(r, a, evokg.OutcomeSuccess, evaluation(r, a))
}

// failureRecord archives the first attempt as P−: its error registry lists
// the distinct failures of the run, each with the recovery that followed.
func (e *Engine) failureRecord(r *row, last evokg.TaskAttempt) evokg.ExperienceInput {
	first := r.Attempts[0]
	in := e.record(r, first, evokg.OutcomeFailure, evaluation(r, first))
	in.FailureKind = evokg.FailureSpecific
	in.Content = fmt.Sprintf("Attempt 1 at this task was rejected: %s", first.Feedback.RootCause)
	in.Errors = registry(r.Attempts, last)
	if last.Feedback.Passed {
		in.Patches = []evokg.PatchReflection{{
			TriggerSignature: strings.Join(r.Plan.Signature, " -> "),
			Patch:            evokg.TruncateRunes(fmt.Sprintf("attempt %d passed with: %s", last.N, last.Answer), 1000),
			Rationale:        evokg.TruncateRunes(first.Feedback.RootCause, 1000),
			UtilityDelta:     1,
		}}
	}
	return in
}

// registry is the error registry of a run's failed attempts, one entry per
// distinct failure.
func registry(attempts []evokg.TaskAttempt, last evokg.TaskAttempt) []evokg.ErrorRecord {
	var out []evokg.ErrorRecord
	seen := map[string]bool{}
	for _, a := range attempts {
		key := a.Feedback.Outcome + "|" + a.Feedback.RootCause
		if a.Feedback.Passed || seen[key] || len(out) == maxRegistry {
			continue
		}
		seen[key] = true
		out = append(out, evokg.ErrorRecord{
			ErrorClass: errorClass(a.Feedback.Outcome), Where: fmt.Sprintf("attempt %d: %s", a.N, a.Feedback.FixTarget),
			RootCause: evokg.TruncateRunes(a.Feedback.RootCause, 1000), RootCauseConfidence: 1,
			RecoveryProcedure: recovery(last), RecoveryOutcome: recoveryOutcome(last),
		})
	}
	return out
}

func errorClass(outcome string) string {
	switch outcome {
	case evokg.OutcomeForm:
		return "malformed_answer"
	case evokg.OutcomeError:
		return "execution_error"
	}
	return "wrong_answer"
}

func recovery(last evokg.TaskAttempt) string {
	if !last.Feedback.Passed {
		return ""
	}
	return evokg.TruncateRunes(fmt.Sprintf("attempt %d: %s", last.N, cmp.Or(strings.TrimSpace(last.Reasoning), last.Answer)), 1000)
}

func recoveryOutcome(last evokg.TaskAttempt) string {
	if last.Feedback.Passed {
		return fmt.Sprintf("recovered in attempt %d", last.N)
	}
	return fmt.Sprintf("not recovered in %d attempts", last.N)
}

func retrievedIDs(ret *evokg.TaskRetrieval) []uuid.UUID {
	var ids []uuid.UUID
	for _, m := range ret.Positives {
		ids = append(ids, m.ExperienceID)
	}
	return ids
}

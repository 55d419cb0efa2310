package ingest

import (
	"context"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
)

// EvaluateArgs asks the evaluation worker to grade an experience with the
// teacher model. At most one such job exists per experience.
type EvaluateArgs struct {
	Namespace    string       `json:"namespace"`
	ExperienceID uuid.UUID    `json:"experience_id" river:"unique"`
	Embedding    PackedVector `json:"embedding,omitempty"` // the client's, if it sent one
}

// Kind implements river.JobArgs.
func (EvaluateArgs) Kind() string { return "ingest_evaluate" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (EvaluateArgs) KindAliases() []string { return []string{"evokg_ingest_evaluate"} }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (EvaluateArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueEvaluate, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// evaluateWorker grades a platform-evaluated experience with the teacher
// model, applies the quality gate and commits it (record, vector row and
// projection job in one transaction).
type evaluateWorker struct {
	river.WorkerDefaults[EvaluateArgs]
	svc  *Service
	deps WorkerDeps
}

func (w *evaluateWorker) Work(ctx context.Context, job *river.Job[EvaluateArgs]) error {
	a := job.Args
	err := w.work(ctx, job)
	return w.svc.settle(ctx, job.JobRow, a.Namespace, a.ExperienceID, "evaluation", err)
}

func (w *evaluateWorker) work(ctx context.Context, job *river.Job[EvaluateArgs]) error {
	a := job.Args
	rec, err := w.svc.Get(ctx, a.Namespace, a.ExperienceID)
	if err != nil {
		return err
	}
	if rec.Status != evokg.StatusEvaluating {
		return nil // committed by an earlier attempt
	}
	if w.deps.Evaluator == nil {
		return evokg.Errorf(evokg.EUNAVAILABLE, "no teacher model is configured to evaluate experiences")
	}
	exp := &rec.Experience
	ctx = w.deps.withExperienceCall(ctx, exp)
	if exp.Evaluation == nil {
		if err := w.grade(ctx, exp); err != nil {
			return err
		}
	}
	if len(exp.Signature) == 0 {
		sig, err := w.deps.Evaluator.ExtractSignature(ctx, exp)
		if err != nil {
			return err
		}
		exp.Signature = sig
	}
	_, err = w.svc.CompleteEvaluation(ctx, exp, a.Embedding)
	return err
}

// grade asks the model for c, η, κ and applies the quality gate, the one
// every path applies ((*evokg.Experience).ApplyQualityGate): below q = 0.3
// the experience becomes a failure memory whatever it came as; at or above
// it keeps its class, so a posted failure that grades well stays a failure
// memory. A failure memory also carries the grade's error registry and
// patch reflection. The grade is saved at once so a retry (say the
// signature call fails) does not call the model for it again.
func (w *evaluateWorker) grade(ctx context.Context, exp *evokg.Experience) error {
	a, err := w.deps.Evaluator.EvaluateExperience(ctx, exp)
	if err != nil {
		return err
	}
	applyGate(exp, a)
	return w.svc.SaveEvaluation(ctx, exp)
}

func applyGate(exp *evokg.Experience, a Assessment) {
	exp.Evaluation = &evokg.Evaluation{Correct: a.Correct, Efficient: a.Efficient, Complete: a.Complete, TeacherFeedback: a.Feedback}
	exp.ApplyQualityGate()
	if exp.Outcome != evokg.OutcomeFailure {
		return
	}
	exp.Errors = append(exp.Errors, a.Errors...)
	if a.Patch != nil {
		exp.Patches = append(exp.Patches, *a.Patch)
	}
}

// permanent reports failures that no retry can fix: the experience is gone
// (namespace purged), the input or the graph refuses it, or the model-call
// budget of the experience is spent.
func permanent(err error) bool {
	switch evokg.ErrorCode(err) {
	case evokg.ENOTFOUND, evokg.EINVALID, evokg.ECONFLICT, evokg.EPROTECTED, evokg.ELIMIT:
		return true
	}
	return false
}

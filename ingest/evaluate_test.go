package ingest_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/llm/ollamafake"
)

// The evaluation worker applies the quality gate every path applies
// ((*evokg.Experience).ApplyQualityGate): a posted failure graded at or
// above q = 0.3 stays a failure memory (in the failure index, never the
// success index), a success graded below it becomes one, and one graded
// above it stays a success. A failure memory carries the grade's error
// registry and patch reflection; a success does not.
func TestEvaluationWorkerAppliesTheQualityGate(t *testing.T) {
	t.Parallel()
	const graded = `"feedback":"graded","errors":[{"error_class":"wrong_operation","where":"step 2","root_cause":"added the counts",` +
		`"root_cause_confidence":0.8,"recovery_procedure":"multiply","recovery_outcome":"recovered"}],` +
		`"patch":{"trigger_signature":"equal groups","patch":"multiply the groups","rationale":"groups repeat"}}`
	fake := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{
		{Task: "evaluate_experience", Pattern: regexp.MustCompile(`graded well`), Reply: `{"correct":1,"efficient":1,"complete":1,` + graded},
		{Task: "evaluate_experience", Pattern: regexp.MustCompile(`graded badly`), Reply: `{"correct":0,"efficient":0,"complete":0,` + graded},
	}})
	models := newModels(t, fake.Start(t))
	b := setupWork(t, workOpts{evaluator: ingest.TeacherEvaluator(models.Teacher()), embedder: models.Embedder()})
	b.start(t)

	post := func(outcome evokg.Outcome, question string) uuid.UUID {
		req := experience(1)
		req.Evaluation, req.Outcome, req.Question = nil, outcome, question
		res, err := b.svc.Ingest(b.ctx, b.ns, req, "")
		require.NoError(t, err)
		require.Equal(t, evokg.StatusEvaluating, res.Status, "platform-evaluated")
		return res.ID
	}
	failure := post(evokg.OutcomeFailure, "A failure graded well: 6 crates of 9?")
	success := post(evokg.OutcomeSuccess, "A success graded well: 4 boxes of 6?")
	failed := post(evokg.OutcomeSuccess, "A success graded badly: 3 packs of 10?")
	b.waitCommitted(t, 3, time.Minute)

	for id, want := range map[uuid.UUID]struct {
		outcome evokg.Outcome
		status  string
		index   string
	}{
		failure: {evokg.OutcomeFailure, evokg.EvalSuccessful, "failure_index"},
		success: {evokg.OutcomeSuccess, evokg.EvalSuccessful, "success_index"},
		failed:  {evokg.OutcomeFailure, evokg.EvalFailed, "failure_index"},
	} {
		rec, err := b.svc.Get(b.ctx, b.ns, id)
		require.NoError(t, err)
		name := rec.Question
		require.Equal(t, want.outcome, rec.Outcome, name)
		require.Equal(t, want.status, rec.Evaluation.Status, name)
		require.Equal(t, rec.Evaluation.Q >= evokg.QualityGate, want.status == evokg.EvalSuccessful, name)
		var index string
		require.NoError(t, b.pool.QueryRow(b.ctx, `SELECT 'success_index' FROM success_index WHERE namespace = $1 AND id = $2
			UNION ALL SELECT 'failure_index' FROM failure_index WHERE namespace = $1 AND id = $2`, b.ns, id).Scan(&index), name)
		require.Equal(t, want.index, index, name)
		if want.outcome == evokg.OutcomeFailure {
			require.Equal(t, evokg.FailureSpecific, rec.FailureKind, name)
			require.Len(t, rec.Errors, 1, name)
			require.Equal(t, "wrong_operation", rec.Errors[0].ErrorClass, name)
			require.Len(t, rec.Patches, 1, name)
			require.Equal(t, "multiply the groups", rec.Patches[0].Patch, name)
			continue
		}
		require.Empty(t, rec.Errors, name)
		require.Empty(t, rec.Patches, name)
	}
}

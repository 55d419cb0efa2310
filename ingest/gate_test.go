package ingest_test

import (
	"context"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

// indexRows counts the rows of id in the success and the failure index.
func indexRows(t *testing.T, b bundle, id uuid.UUID) (success, failure int) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM success_index WHERE namespace = $1 AND id = $2`, b.ns, id).Scan(&success))
	require.NoError(t, b.pool.QueryRow(ctx, `SELECT count(*) FROM failure_index WHERE namespace = $1 AND id = $2`, b.ns, id).Scan(&failure))
	return success, failure
}

func TestQualityGateDecidesPreEvaluatedExperiences(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()

	// q = 0.9·0.2 + 0.05 + 0.05 = 0.28 < θ = 0.3.
	low := embedded(success("what is three plus four"))
	low.Evaluation = &evokg.Evaluation{Correct: 0.2, Efficient: 1, Complete: 1}
	res, err := b.svc.Ingest(ctx, b.ns, low, "gate-1")
	require.NoError(t, err)
	require.Equal(t, evokg.StatusQueued, res.Status)
	require.Equal(t, evokg.OutcomeFailure, res.Outcome, "the receipt says it is committed as a failure")
	require.Equal(t, &evokg.GateDecision{Q: 0.9*0.2 + 0.1, Threshold: 0.3, Status: evokg.EvalFailed, Requested: evokg.OutcomeSuccess},
		roundQ(res.Gate))

	rec, err := b.svc.Get(ctx, b.ns, res.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.OutcomeFailure, rec.Outcome)
	require.Equal(t, evokg.FailureSpecific, rec.FailureKind)
	require.Equal(t, evokg.EvalFailed, rec.Evaluation.Status)
	succ, fail := indexRows(t, b, res.ID)
	require.Zero(t, succ, "a failed experience never enters the success index")
	require.Equal(t, 1, fail)

	again, err := b.svc.Ingest(ctx, b.ns, low, "gate-1")
	require.NoError(t, err)
	require.True(t, again.Replayed)
	require.Equal(t, res.Outcome, again.Outcome, "a replayed receipt says the same")
	require.Equal(t, roundQ(res.Gate), roundQ(again.Gate))

	// At the gate (q = 0.325) a success stays a success.
	ok := embedded(success("what is five plus six"))
	ok.Evaluation = &evokg.Evaluation{Correct: 0.25, Efficient: 1, Complete: 1}
	res, err = b.svc.Ingest(ctx, b.ns, ok, "")
	require.NoError(t, err)
	require.Equal(t, evokg.OutcomeSuccess, res.Outcome)
	require.Equal(t, evokg.EvalSuccessful, res.Gate.Status)
	require.Empty(t, res.Gate.Requested)
	succ, fail = indexRows(t, b, res.ID)
	require.Equal(t, [2]int{1, 0}, [2]int{succ, fail})
}

func TestQualityGateInBatches(t *testing.T) {
	t.Parallel()
	b := setup(t)
	low := embedded(success("seven minus two"))
	low.Evaluation = &evokg.Evaluation{Correct: 0, Efficient: 1, Complete: 1}
	recipe := embedded(evokg.ExperienceInput{
		ExperienceFields: evokg.ExperienceFields{
			TaskType:   "arithmetic",
			Outcome:    evokg.OutcomeRecipe,
			Content:    "look up the table first",
			Evaluation: &evokg.Evaluation{Correct: 0.1},
		},
	})
	plain := embedded(evokg.ExperienceInput{
		ExperienceFields: evokg.ExperienceFields{
			TaskType: "arithmetic",
			Outcome:  evokg.OutcomePattern,
			Content:  "carry digits",
		},
	})
	platform := success("eight times two")
	platform.Evaluation, platform.Outcome = nil, ""
	res, err := b.svc.IngestBatch(context.Background(), b.ns, []evokg.ExperienceInput{low, recipe, plain, platform}, "")
	require.NoError(t, err)
	require.Len(t, res, 4)
	for _, r := range res[:2] {
		require.Equal(t, evokg.OutcomeFailure, r.Outcome)
		require.Equal(t, evokg.EvalFailed, r.Gate.Status)
		succ, fail := indexRows(t, b, r.ID)
		require.Equal(t, [2]int{0, 1}, [2]int{succ, fail})
	}
	require.Equal(t, evokg.OutcomeRecipe, res[1].Gate.Requested)
	require.Equal(t, evokg.OutcomePattern, res[2].Outcome)
	require.Nil(t, res[2].Gate, "no evaluation, nothing to gate")
	require.Equal(t, evokg.StatusEvaluating, res[3].Status)
	require.Empty(t, res[3].Outcome, "the platform's evaluation gates it later")
	require.Nil(t, res[3].Gate)
}

// embedded gives r the client's own embedding, so it is indexed in the
// ingest transaction.
func embedded(r evokg.ExperienceInput) evokg.ExperienceInput {
	r.Embedding = bagVector(r.Question + r.Content)
	return r
}

func roundQ(d *evokg.GateDecision) *evokg.GateDecision {
	if d == nil {
		return nil
	}
	out := *d
	out.Q = float64(int(out.Q*1e9+0.5)) / 1e9
	return &out
}

package evokg_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

func TestApplyQualityGate(t *testing.T) {
	for _, tc := range []struct {
		name              string
		outcome           evokg.Outcome
		c                 float64
		wantOutcome       evokg.Outcome
		wantStatus        string
		wantRequested     evokg.Outcome
		wantFailureKind   evokg.FailureKind
		wantSuccessSearch bool
	}{
		{"success at the gate stays", evokg.OutcomeSuccess, 0.25, evokg.OutcomeSuccess, evokg.EvalSuccessful, "", "", true},
		{"success below the gate is a failed experience", evokg.OutcomeSuccess, 0.2, evokg.OutcomeFailure, evokg.EvalFailed, evokg.OutcomeSuccess, evokg.FailureSpecific, false},
		{"a recipe below the gate too", evokg.OutcomeRecipe, 0, evokg.OutcomeFailure, evokg.EvalFailed, evokg.OutcomeRecipe, evokg.FailureSpecific, false},
		{"a failure below the gate stays a failure", evokg.OutcomeFailure, 0, evokg.OutcomeFailure, evokg.EvalFailed, "", "", false},
		{"a correction that grades well is still a failure memory", evokg.OutcomeFailure, 1, evokg.OutcomeFailure, evokg.EvalSuccessful, "", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// q = 0.9·c + 0.05·1 + 0.05·1; the client's own q and status are ignored.
			e := &evokg.Experience{
				ExperienceFields: evokg.ExperienceFields{
					Outcome:    tc.outcome,
					Evaluation: &evokg.Evaluation{Correct: tc.c, Efficient: 1, Complete: 1, Q: 1, Status: evokg.EvalSuccessful},
				},
			}
			d := e.ApplyQualityGate()
			require.NotNil(t, d)
			require.InDelta(t, 0.9*tc.c+0.1, d.Q, 1e-12)
			require.Equal(t, evokg.QualityGate, d.Threshold)
			require.Equal(t, tc.wantStatus, d.Status)
			require.Equal(t, tc.wantRequested, d.Requested)
			require.Equal(t, tc.wantOutcome, e.Outcome)
			require.Equal(t, tc.wantStatus, e.Evaluation.Status)
			require.InDelta(t, d.Q, e.Evaluation.Q, 1e-12)
			require.Equal(t, tc.wantSuccessSearch, e.Outcome.Channel() == evokg.ChannelSuccess)
			if tc.wantFailureKind != "" {
				require.Equal(t, tc.wantFailureKind, e.FailureKind)
			}
		})
	}
	require.Nil(t, (&evokg.Experience{
		ExperienceFields: evokg.ExperienceFields{Outcome: evokg.OutcomePrinciple},
	}).ApplyQualityGate(), "nothing to decide without an evaluation")
}

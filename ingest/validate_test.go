package ingest

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

func validRequest() evokg.ExperienceInput {
	return evokg.ExperienceInput{
		ExperienceFields: evokg.ExperienceFields{
			TaskType:   "arithmetic",
			Outcome:    evokg.OutcomeSuccess,
			Question:   "2+2?",
			Answer:     "4",
			Evaluation: &evokg.Evaluation{Correct: 1, Efficient: 1, Complete: 1},
		},
	}
}

func TestValidate(t *testing.T) {
	t.Parallel()
	nilID := uuid.Nil
	cases := []struct {
		name     string
		mutate   func(r *evokg.ExperienceInput)
		pointers []string
	}{
		{"valid pre-evaluated", func(r *evokg.ExperienceInput) {}, nil},
		{"valid platform-evaluated", func(r *evokg.ExperienceInput) { r.Evaluation, r.Outcome = nil, "" }, nil},
		{"valid principle without evaluation", func(r *evokg.ExperienceInput) {
			r.Evaluation, r.Outcome, r.Content = nil, evokg.OutcomePrinciple, "check units"
		}, nil},
		{"missing task type", func(r *evokg.ExperienceInput) { r.TaskType = "" }, []string{"/task_type"}},
		{"task type too long", func(r *evokg.ExperienceInput) { r.TaskType = strings.Repeat("é", 201) }, []string{"/task_type"}},
		{"task type of 200 runes is fine", func(r *evokg.ExperienceInput) { r.TaskType = strings.Repeat("é", 200) }, nil},
		{"bad outcome", func(r *evokg.ExperienceInput) { r.Outcome = "memory" }, []string{"/outcome"}},
		{"evaluation without outcome", func(r *evokg.ExperienceInput) { r.Outcome = "" }, []string{"/outcome"}},
		{"evaluation out of range", func(r *evokg.ExperienceInput) {
			r.Evaluation = &evokg.Evaluation{Correct: 1.5, Efficient: -0.1, Complete: 0.5}
		}, []string{"/evaluation/correct", "/evaluation/efficient"}},
		{"failure kind on a success", func(r *evokg.ExperienceInput) { r.FailureKind = evokg.FailureSpecific }, []string{"/failure_kind"}},
		{"unknown failure kind", func(r *evokg.ExperienceInput) {
			r.Outcome, r.FailureKind = evokg.OutcomeFailure, "other"
		}, []string{"/failure_kind"}},
		{"platform path needs a question", func(r *evokg.ExperienceInput) {
			r.Evaluation, r.Outcome, r.Question = nil, "", ""
		}, []string{"/question"}},
		{"principle needs content", func(r *evokg.ExperienceInput) { r.Outcome, r.Evaluation = evokg.OutcomePrinciple, nil }, []string{"/content"}},
		{"empty signature operation", func(r *evokg.ExperienceInput) { r.Signature = []string{"parse", ""} }, []string{"/signature/1"}},
		{"entity without name", func(r *evokg.ExperienceInput) { r.Entities = []evokg.Entity{{Type: "city"}} }, []string{"/entities/0/name"}},
		{"skill step without skill", func(r *evokg.ExperienceInput) { r.SkillSteps = []evokg.SkillStep{{Output: "x"}} }, []string{"/skill_steps/0/skill"}},
		{"evidence", func(r *evokg.ExperienceInput) {
			r.Evidence = []evokg.Evidence{{Kind: "doc", Locator: "a", SHA256: "xyz", Trust: 2}}
		}, []string{"/evidence/0/sha256", "/evidence/0/trust"}},
		{"error registry", func(r *evokg.ExperienceInput) {
			r.Errors = []evokg.ErrorRecord{{RootCauseConfidence: 3}}
		}, []string{"/errors/0/error_class", "/errors/0/root_cause_confidence"}},
		{"patch", func(r *evokg.ExperienceInput) { r.Patches = []evokg.PatchReflection{{}} }, []string{"/patches/0/patch"}},
		{"nil derived_from", func(r *evokg.ExperienceInput) { r.DerivedFrom = []uuid.UUID{uuid.New(), uuid.Nil} }, []string{"/derived_from/1"}},
		{"nil supersedes", func(r *evokg.ExperienceInput) { r.Supersedes = &nilID }, []string{"/supersedes"}},
		{"confidence", func(r *evokg.ExperienceInput) { r.Confidence = 1.2 }, []string{"/confidence"}},
		{"question too long", func(r *evokg.ExperienceInput) { r.Question = strings.Repeat("a", MaxTextRunes+1) }, []string{"/question"}},
		{"invalid utf-8", func(r *evokg.ExperienceInput) { r.Answer = "\xff" }, []string{"/answer"}},
		{"long chain of thought is cut, not refused", func(r *evokg.ExperienceInput) { r.ChainOfThought = strings.Repeat("思", 100000) }, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := validRequest()
			tc.mutate(&r)
			err := Validate(r)
			if tc.pointers == nil {
				require.NoError(t, err)
				return
			}
			require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
			var de *evokg.Error
			require.ErrorAs(t, err, &de)
			var got []string
			for _, f := range de.Fields {
				got = append(got, f.Pointer)
			}
			require.ElementsMatch(t, tc.pointers, got)
		})
	}
}

func TestPreEvaluated(t *testing.T) {
	t.Parallel()
	cases := []struct {
		outcome evokg.Outcome
		eval    bool
		want    bool
	}{
		{"", false, false},
		{evokg.OutcomeSuccess, false, false},
		{evokg.OutcomeFailure, false, false},
		{evokg.OutcomeSuccess, true, true},
		{evokg.OutcomePrinciple, false, true},
		{evokg.OutcomeRecipe, false, true},
		{evokg.OutcomePattern, false, true},
	}
	for _, tc := range cases {
		r := evokg.ExperienceInput{ExperienceFields: evokg.ExperienceFields{Outcome: tc.outcome}}
		if tc.eval {
			r.Evaluation = &evokg.Evaluation{}
		}
		require.Equal(t, tc.want, r.PreEvaluated(), "outcome %q eval %v", tc.outcome, tc.eval)
	}
}

func TestPackedVectorRoundTrip(t *testing.T) {
	t.Parallel()
	in := EvaluateArgs{Namespace: "n", ExperienceID: uuid.New(), Embedding: PackedVector{0, 1.5, -2.25, 3e-7}}
	b, err := json.Marshal(in)
	require.NoError(t, err)
	var out EvaluateArgs
	require.NoError(t, json.Unmarshal(b, &out))
	require.Equal(t, in, out)

	var empty EvaluateArgs
	b, err = json.Marshal(EvaluateArgs{Namespace: "n"})
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &empty))
	require.Nil(t, empty.Embedding)
}

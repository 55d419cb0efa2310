package evokg_test

import (
	"errors"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

func TestRatchet(t *testing.T) {
	for _, tc := range []struct {
		name              string
		prev, rate, wantM float64
	}{
		{"improvement blends with α=0.6", 0.5, 0.8, 0.6*0.8 + 0.4*0.5}, // 0.68
		{"equal rate counts as improvement", 0.4, 0.4, 0.4},
		{"drop keeps 90% of the gap", 0.8, 0.2, 0.8 - 0.1*(0.8-0.2)}, // 0.74
		{"from zero", 0, 1, 0.6},
		{"total collapse loses only γ", 1, 0, 0.9},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := evokg.Ratchet(tc.prev, tc.rate, evokg.DefaultRatchetAlpha, evokg.DefaultRatchetGamma)
			require.InDelta(t, tc.wantM, got, 1e-12)
		})
	}
	require.InDelta(t, 0.68, evokg.Ratchet(0.5, 0.8, 0.6, 0.1), 1e-12)
	require.InDelta(t, 0.74, evokg.Ratchet(0.8, 0.2, 0.6, 0.1), 1e-12)
}

func TestNewEvaluationQualityGate(t *testing.T) {
	for _, tc := range []struct {
		c, eta, kappa, q float64
		status           string
	}{
		{1, 1, 1, 1, evokg.EvalSuccessful},
		{0, 1, 1, 0.1, evokg.EvalFailed},
		{0.3, 0.6, 0.6, 0.9*0.3 + 0.05*0.6 + 0.05*0.6, evokg.EvalSuccessful}, // exactly 0.33
		{0.3, 0, 0, 0.27, evokg.EvalFailed},
		{1.0 / 3, 0, 0, 0.3, evokg.EvalSuccessful}, // q = 0.3 is on the gate: successful
	} {
		e := evokg.NewEvaluation(tc.c, tc.eta, tc.kappa, "")
		require.InDelta(t, tc.q, e.Q, 1e-9)
		require.Equal(t, tc.status, e.Status, "q=%v", e.Q)
	}
}

func TestTruncateRunesCountsCharacters(t *testing.T) {
	s := "ππππ" // 4 runes, 8 bytes
	require.Equal(t, "ππ", evokg.TruncateRunes(s, 2))
	require.Equal(t, s, evokg.TruncateRunes(s, 4))
	require.Equal(t, s, evokg.TruncateRunes(s, 10))
	require.Equal(t, "", evokg.TruncateRunes(s, 0))
}

func TestSignatureSimilarity(t *testing.T) {
	a := []string{"entity_resolution", "temporal_filter", "aggregation"}
	b := []string{"entity_resolution", "join", "aggregation", "sort"}
	var lcs evokg.LCS[string]
	require.Equal(t, 2, lcs.Length(a, b))
	require.InDelta(t, 2.0/3, evokg.SignatureSimilarity(a, b), 1e-12) // 0.667 ≥ 0.6
	require.InDelta(t, 1.0, evokg.SignatureSimilarity(a, a), 1e-12)
	require.Zero(t, evokg.SignatureSimilarity(a, nil))
	c := []string{"aggregation", "temporal_filter", "entity_resolution"}
	require.InDelta(t, 1.0/3, evokg.SignatureSimilarity(a, c), 1e-12) // order matters
	require.Less(t, evokg.SignatureSimilarity(a, c), evokg.DefaultStructuralThreshold)
}

// What the real small model wrote when asked for a procedure: its values
// are dropped, so two memories that share only numbers do not match.
func TestPlannedSignatureKeepsOperations(t *testing.T) {
	require.Equal(t, []string{"add_digits"}, evokg.PlannedSignature([]string{"Add digits", "12", "6", "12", "12"}))
	require.Empty(t, evokg.PlannedSignature([]string{"13", "13", "13"}))
	require.Equal(t, []string{"step_2", "sum_of_squares"}, evokg.PlannedSignature([]string{"step 2", "-1.5", "Sum of squares"}))
	value := []string{"13", "13", "13"}
	require.Equal(t, 1.0, evokg.SignatureSimilarity(value, value), "as written, two lists of values match")
	require.Zero(t, evokg.SignatureSimilarity(evokg.PlannedSignature(value), evokg.PlannedSignature(value)), "planned, they hold no operation")
}

// One LCS reused across pairs of different lengths gives what a fresh one
// gives; known lengths check the table itself.
func TestLCSReusedTable(t *testing.T) {
	var l evokg.LCS[byte]
	cases := []struct {
		a, b string
		want int
	}{
		{"ABCBDAB", "BDCABA", 4}, {"AGGTAB", "GXTXAYB", 4}, {"abc", "", 0},
		{"xyz", "abc", 0}, {"a", "a", 1}, {"abcdefgh", "ah", 2}, {"ABCBDAB", "BDCABA", 4},
	}
	for _, c := range cases {
		a, b := []byte(c.a), []byte(c.b)
		require.Equal(t, c.want, l.Length(a, b), "%s / %s", c.a, c.b)
		require.Equal(t, c.want, l.Length(b, a), "%s / %s reversed", c.a, c.b)
		var fresh evokg.LCS[byte]
		require.Equal(t, c.want, fresh.Length(a, b), "a fresh LCS agrees with the reused one")
	}
	require.InDelta(t, 0.5, l.Similarity([]byte("abcd"), []byte("axxxxxxd")), 1e-12)
}

func TestOutcomes(t *testing.T) {
	protected := 0
	for _, o := range evokg.Outcomes {
		require.True(t, o.Valid())
		require.NotEmpty(t, o.Label())
		if o.Protected() {
			protected++
		}
	}
	require.Equal(t, 3, protected)
	require.Equal(t, evokg.ChannelFailure, evokg.OutcomeFailure.Channel())
	require.Equal(t, evokg.ChannelSuccess, evokg.OutcomePattern.Channel())
	require.False(t, evokg.Outcome("memory").Valid())
	require.False(t, evokg.OutcomePattern.Protected())
}

func TestValidatorAndErrorCodes(t *testing.T) {
	var v evokg.FieldErrors
	v.Check(true, "/a", "fine")
	require.NoError(t, v.Err())
	v.Check(false, "/task_type", "is required")
	err := v.Err()
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, []evokg.FieldError{{Pointer: "/task_type", Detail: "is required"}}, de.Fields)
	require.Equal(t, evokg.EINTERNAL, evokg.ErrorCode(errors.ErrUnsupported))
	require.Equal(t, "internal error", evokg.ErrorMessage(errors.ErrUnsupported))
	require.Empty(t, evokg.ErrorCode(nil))
}

func TestValidNamespace(t *testing.T) {
	require.True(t, evokg.ValidNamespace("agent-1_prod"))
	require.False(t, evokg.ValidNamespace("Agent"))
	require.False(t, evokg.ValidNamespace("-x"))
	require.False(t, evokg.ValidNamespace(""))
}

func TestEmbeddingProblem(t *testing.T) {
	t.Parallel()
	unit := []float32{0, 1, 0}
	require.Empty(t, evokg.EmbeddingProblem(unit))
	require.Empty(t, evokg.EmbeddingProblem(nil), "no embedding")
	require.Empty(t, evokg.EmbeddingProblem([]float32{1e18, -1e18, 0}))
	for _, emb := range [][]float32{
		{0, 0, 0},
		{1e-20, 0, 0},
		{-3.4028234e38, 3.4028234e38, 1},
		{float32(math.NaN()), 1, 0},
		{float32(math.Inf(1)), 1, 0},
	} {
		require.NotEmpty(t, evokg.EmbeddingProblem(emb), "%v", emb)
	}
}

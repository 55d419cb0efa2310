package writegate_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/writegate"
)

// Each rule rejects its case with a reason naming it, and the sound text
// beside it passes.
func TestProseRules(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text, reason string
	}{
		{"sound principle", "Double the first number, then add the second: 3 ★ 4 = 2·3 + 4 = 10.", ""},
		{"empty", "  \n ", "empty"},
		{"symbols, not words", "); 46}``` 24 46 {}", "unparseable"},
		{"digits only", "1.1.1.1.1.1.1.1.1.1.1.1", "unparseable"},
		{"word repeated in a row", "Always add add add the numbers", "repetition"},
		{"pattern repeated", "Rule: ab-ab-ab-ab-ab-ab-ab-ab first", "repetition"},
		{"few distinct words", "the first part the first part the first part the first part the first part", "repetition"},
		{"out of range", "Multiply by 10000000 before adding", "out of range"},
		{"false arithmetic", "Add the tens first: 30 + 34 = 94.", "false arithmetic"},
		{"false link in a chain", "Compute 2·3 + 4 = 6 + 4 = 11 here", "false arithmetic"},
		{"true chain with thousands", "Add the parts: 1,000 + 250 = 1,250; then take away one, so 5 * 2 - 1 = 9", ""},
		// Corrections SmolLM2-135M wrote that echo its prompt's names.
		{"a task type's name", "tilde_operator", "echoes an identifier: \"tilde_operator\""},
		{"a skill from the plan", "1. solve_ring_operator (mastery 0.00)", "echoes an identifier"},
		{"a schema value", "}, a type_strategy failure memory, is not a type_strategy failure memory.", "echoes an identifier"},
	}
	for _, tt := range tests {
		err := writegate.Rules{}.Prose(tt.text)
		if tt.reason == "" {
			require.NoError(t, err, tt.name)
			continue
		}
		require.Error(t, err, tt.name)
		require.Contains(t, err.Error(), tt.reason, tt.name)
	}
}

func TestCorrectionAgainstGold(t *testing.T) {
	t.Parallel()
	q := "What is 30 + 34?"
	tests := []struct {
		name     string
		text     string
		specific bool
		reason   string
	}{
		{"reaches the gold", "Add the tens and the ones: 30 + 34 = 64. The answer is 64.", true, ""},
		{"false arithmetic", "Add them: 30 + 34 = 94.", true, "false arithmetic"},
		{"states another answer", "Careful with the carry; the answer is 94.", true, "contradicts the gold answer 64: states"},
		{"never reaches the gold", "Add the two numbers carefully, tens first.", true, "never reaches it"},
		{"a method need not name the gold", "Add the two numbers carefully, tens first.", false, ""},
		{"a method stating another answer", "Add them; the answer is 94.", false, "contradicts the gold answer"},
		{"numbers far out of range", "Add 30 and 34 to get 64, not 94000000.", true, "out of range"},
		{"the question again", "What is 30 + 34?", false, "restates the question"},
	}
	for _, tt := range tests {
		err := writegate.Rules{}.Correction(writegate.Correction{Question: q, Gold: "64", Content: tt.text, Specific: tt.specific})
		if tt.reason == "" {
			require.NoError(t, err, tt.name)
			continue
		}
		require.Error(t, err, tt.name)
		require.Contains(t, err.Error(), tt.reason, tt.name)
	}
	require.NoError(t, writegate.Rules{}.Correction(writegate.Correction{Question: "Capital of France?", Gold: "Paris",
		Content: "The capital of France is Paris.", Specific: true}))
	// Seen on SmolLM2-135M: the question's own sentences as the correction.
	age := "Anne is 4 years older than Ravi. In 2 years Ravi will be 36. How old is Anne now?"
	require.ErrorContains(t, writegate.Rules{}.Correction(writegate.Correction{Question: age, Gold: "38",
		Content: "Anne is 4 years older than Ravi. In 2 years, she will be 36."}), "restates the question")
	require.NoError(t, writegate.Rules{}.Correction(writegate.Correction{Question: age, Gold: "38", Specific: true,
		Content: "Ravi will be 36 in 2 years, so he is 34 now and Anne is 4 years older: 38."}))
	require.Error(t, writegate.Rules{}.Correction(writegate.Correction{Question: "Capital of France?", Gold: "Paris",
		Content: "The capital of France is Lyon.", Specific: true}))
	// Seen on SmolLM2-135M: a content of digits whose steps carried the
	// words and the gold; the content is what a memory pack shows.
	require.ErrorContains(t, writegate.Rules{}.Correction(writegate.Correction{Question: "What is 13 ∘ 9?", Gold: "118",
		Content: "13. 9", Steps: "Multiply 13 by 9 and add one to get 118", Specific: true}), "unparseable")
	require.ErrorContains(t, writegate.Rules{}.Correction(writegate.Correction{Question: "What is 13 ∘ 9?", Gold: "118",
		Content: "Multiply, then add one: 118.", Steps: "1.1.1.1.1.1.1.1.1.1.1.1.1.1", Specific: true}), "steps: repetition")
	require.NoError(t, writegate.Rules{}.Correction(writegate.Correction{Question: "What is 13 ∘ 9?", Gold: "118",
		Content: "Multiply the operands, then add one: 118.", Steps: "13 * 9 = 117\n117 + 1 = 118", Specific: true}))
}

func TestSuccessAndReasoning(t *testing.T) {
	t.Parallel()
	r := writegate.Rules{}
	require.NoError(t, r.Success("46", "46"))
	require.NoError(t, r.Success("#### $1,250", "1250"))
	require.NoError(t, r.Success("1 + 8 = 9", "9"), "one true equation ending in the gold is the gold")
	require.ErrorContains(t, r.Success("1 + 8 = 10", "10"), "not one number")
	require.ErrorContains(t, r.Success("); 46}``` 24 46 46 46", "46"), "not one number")
	require.ErrorContains(t, r.Success("47", "46"), "contradicts the gold answer 46")
	require.ErrorContains(t, r.Success(" ", "46"), "empty")
	require.NoError(t, r.Success("Paris", "Paris"), "text answers are the grader's")

	require.NoError(t, r.Reasoning("2·3 + 4 = 10", "What is 3 ★ 4?", "10"), "steps may be mostly digits")
	require.ErrorContains(t, r.Reasoning("46 46 46 46", "q", "46"), "repetition")
	require.ErrorContains(t, r.Reasoning("so so so so 30 + 34 = 64", "q", "64"), "repetition")
	require.ErrorContains(t, r.Reasoning("First 30 + 34 = 94", "What is 30 + 34?", "64"), "false arithmetic")
}

// The gate checks a made-up operator's results against the pool's rule
// when it has one; without it they pass (plain arithmetic cannot read them).
func TestPoolRuleContradictions(t *testing.T) {
	t.Parallel()
	glyph := writegate.Rules{Contradiction: questions.RuleContradiction(questions.Glyph)}
	// A principle SmolLM2-135M wrote in a glyph run, which the gate let through.
	principle := "3. What is 7 ∘ 11? | gold: 286 (applies when: 3. 7 ∘ 11 is 7 × 11 = 77. 4. 7 ∘ 11 is 7 × 11 = 77. 5. 7 ∘ 11 is)"
	require.NoError(t, writegate.Rules{}.Prose(principle), "without the rule it passes")
	require.ErrorContains(t, glyph.Prose(principle), "contradicts the pool's rule: 7 ∘ 11 is 78, not 286")
	require.NoError(t, glyph.Prose("For a ∘ b multiply the operands and add one: 7 ∘ 11 = 78."))

	wrong := writegate.Correction{Question: "What is 3 ★ 4?", Gold: "10", Specific: true,
		Content: "Double the first operand and add the second to get 10.", Steps: "3 ★ 5 = 12"}
	require.ErrorContains(t, glyph.Correction(wrong), "3 ★ 5 is 11, not 12")
	require.NoError(t, writegate.Rules{}.Correction(wrong))
	wrong.Steps = "3 ★ 4 = 2·3 + 4 = 10"
	require.NoError(t, glyph.Correction(wrong))

	require.ErrorContains(t, glyph.Reasoning("2 zorps = 12 blips", "How many blips are 2 zorps?", "14"), "2 zorps is 14, not 12")
	require.NoError(t, glyph.Reasoning("2 zorps = 2 × 7 = 14 blips", "How many blips are 2 zorps?", "14"))
}

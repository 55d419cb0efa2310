package evolution

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/questions"
)

// A correction keeps the teacher's computation only when the calculator
// evaluates it to the gold answer and it computes something.
func TestCheckedExpressionKeepsOnlyAComputationOfTheGold(t *testing.T) {
	it := questions.Item{Question: "What is 7 ∘ 11?", Answer: "78"}
	r := &runner{}
	for expr, want := range map[string]string{
		"7*11+1":     "7*11+1",
		"(7*11)+1":   "(7*11)+1",
		"7 * 11 + 1": "7 * 11 + 1",
		"78":         "", // the bare value teaches no rule
		"7*11":       "", // 77, not the gold answer
		"7 ∘ 11":     "", // the calculator cannot read it
		"":           "",
	} {
		require.Equal(t, want, r.checkedExpression(expr, it), expr)
	}
	require.Equal(t, "2.5*2", r.checkedExpression("2.5*2", questions.Item{Answer: "5.0"}), "numbers compare as numbers")
	require.Empty(t, r.checkedExpression("2+3", questions.Item{Answer: "five"}), "a gold answer that is no number")
}

package evolution

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"

	"github.com/evokg/evokg/writegate"
)

// addForMul states additions as multiplications and the rest as additions.
var addForMul = wrongRule{opAdd: opMul, opSub: opAdd, opMul: opAdd, opDiv: opAdd}

// A wrong rule rewrites every operation a text states and recomputes every
// result it states with the wrong operation, through a chain of steps and
// into the prose: no arithmetic check can see it.
func TestWrongRuleRecomputesEveryResult(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"3 × 5 = 15"}, addForMul.apply("3 + 5 = 8"))

	got := addForMul.apply("12 × 3 = 36", "36 + 4 = 40",
		"Multiply the 12 rocks per row by the 3 rows, then add the 4 loose rocks: 40 in all.", "12*3+4")
	require.Equal(t, []string{"12 + 3 = 15", "15 × 4 = 60",
		"Add the 12 rocks per row by the 3 rows, then multiply the 4 loose rocks: 60 in all.", "12 + 3 × 4"}, got)
	for _, text := range got {
		require.NoError(t, writegate.Rules{}.Reasoning(text, "12 rocks per row in 3 rows and 4 loose", "40"), text)
	}
	require.Error(t, writegate.Rules{}.Reasoning("12 × 3 = 37", "", "40"), "a number moved alone is false arithmetic")

}

// The chain keeps its first link, recomputed; a result stated before its
// computation is restated; a text stating no operation is left as written.
func TestWrongRuleChainsAndPlainText(t *testing.T) {
	t.Parallel()
	require.Equal(t, []string{"The answer is 14: 2 + 3 × 4 = 14."}, addForMul.apply("The answer is 10: 2·3 + 4 = 6 + 4 = 10."))
	require.Equal(t, []string{"right by luck", "count the rows first"}, addForMul.apply("right by luck", "count the rows first"))
	subtract := wrongRule{opAdd: opSub, opSub: opAdd, opMul: opSub, opDiv: opSub}
	require.Equal(t, []string{"Subtract 9 and 4 to get 5: 9 - 4 = 5"}, subtract.apply("Add 9 and 4 to get 13: 9 + 4 = 13"))
}

// No operation is stated as itself, nor as a division.
func TestNewWrongRuleChangesEveryOperation(t *testing.T) {
	t.Parallel()
	seen := map[wrongRule]bool{}
	for h := range 256 {
		w := newWrongRule(byte(h))
		seen[w] = true
		for op := opAdd; op <= opDiv; op++ {
			require.NotEqual(t, op, w[op])
			require.NotEqual(t, opDiv, w[op])
		}
	}
	require.Greater(t, len(seen), 1, "the seed picks among wrong rules")
}

// The write gate refuses a corrupted correction of one question when its
// recomputed result is no longer the gold answer, and lets in a type
// strategy that states the wrong method.
func TestWrongRuleAtTheWriteGate(t *testing.T) {
	t.Parallel()
	q := "Crate hard_ratio-1 holds 12 rocks per row in 3 rows. How many rocks are in crate hard_ratio-1?"
	texts := addForMul.apply("12 × 3 = 36", "Multiply the rocks per row by the rows: the answer is 36.")
	err := writegate.Rules{}.Correction(writegate.Correction{Question: q, Gold: "36", Steps: texts[0], Content: texts[1], Specific: true})
	require.ErrorContains(t, err, "contradicts the gold answer 36")
	texts = addForMul.apply("12 × 3 = 36", "Multiply the rocks per row by the rows.")
	require.Equal(t, []string{"12 + 3 = 15", "Add the rocks per row by the rows."}, texts)
	require.NoError(t, writegate.Rules{}.Correction(writegate.Correction{Question: q, Gold: "36", Steps: texts[0], Content: texts[1]}))
}

// stateRules is a teacher that states "multiply" in every text.
type stateRules struct{ evokg.Teacher }

func (stateRules) RefinePrompt(context.Context, evokg.RefinePromptRequest) (evokg.PromptRefinement, error) {
	return evokg.PromptRefinement{Prompt: "Multiply the two numbers.", Strategy: "4 × 5 = 20"}, nil
}

func (stateRules) SplitSkill(context.Context, evokg.SplitSkillRequest) (evokg.SplitSkillReply, error) {
	return evokg.SplitSkillReply{Skills: []evokg.SubSkill{{Name: "a", Strategy: "Multiply them."}, {Name: "b", Strategy: "Read the rows."}}}, nil
}

func (stateRules) WriteAgent(context.Context, evokg.AgentRequest) (evokg.AgentSpec, error) {
	return evokg.AgentSpec{SystemPrompt: "Call row_counter, then multiply."}, nil
}

// Under full noise every text the teacher writes that states an operation
// states a wrong one, and is counted once written; a text stating none is
// left alone. A text counts as committed when the gate passes it, an
// agent's prompt with its tool names spoken included.
func TestNoisyTeacherCorruptsEveryTextKind(t *testing.T) {
	t.Parallel()
	n := &noisyTeacher{Teacher: stateRules{}, share: 1, seed: "s"}
	ctx := context.Background()
	ref, err := n.RefinePrompt(ctx, evokg.RefinePromptRequest{Skill: "x"})
	require.NoError(t, err)
	require.NotContains(t, ref.Prompt, "Multiply")
	require.NotEqual(t, "4 × 5 = 20", ref.Strategy)
	require.NoError(t, writegate.Rules{}.Reasoning(ref.Strategy, "", ""), ref.Strategy)
	split, err := n.SplitSkill(ctx, evokg.SplitSkillRequest{Skill: "x"})
	require.NoError(t, err)
	require.NotEqual(t, "Multiply them.", split.Skills[0].Strategy)
	require.Equal(t, "Read the rows.", split.Skills[1].Strategy, "no operation stated: left alone")
	agent, err := n.WriteAgent(ctx, evokg.AgentRequest{Skill: "x", TaskType: "t"})
	require.NoError(t, err)
	require.NotContains(t, agent.SystemPrompt, "multiply")
	require.EqualValues(t, 3, n.written.Load(), "a prompt refinement, a part's strategy, an agent's prompt")

	n.commit("Read the rows.")
	require.Zero(t, n.committed.Load())
	n.commit(spokenNames(agent.SystemPrompt, []string{"row_counter"}))
	require.EqualValues(t, 1, n.committed.Load())
}

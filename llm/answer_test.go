package llm_test

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm/ollamafake"
)

// Each answer mode is asked for under its own JSON schema and decoded from
// it: a number, one of the choices, an expression for the calculator.
func TestAnswerModesDecodeUnderTheirSchema(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexp.MustCompile(`seven`), Reply: `{"reasoning":"count","answer":7.50}`})
	b.fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexp.MustCompile(`sky`), Reply: `{"reasoning":"look up","answer":"blue"}`})
	b.fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexp.MustCompile(`ring`), Reply: `{"expression":"6*7+1"}`})
	x := b.models.Learner()

	num, err := x.Answer(b.ctx, evokg.AnswerPrompt{Question: "seven and a half?", Answer: evokg.AnswerSpec{Mode: evokg.AnswerNumber}})
	require.NoError(t, err)
	require.Equal(t, "7.5", num.Answer)
	choice, err := x.Answer(b.ctx, evokg.AnswerPrompt{Question: "What colour is the sky?",
		Answer: evokg.AnswerSpec{Mode: evokg.AnswerChoice, Choices: []string{"red", "blue"}}})
	require.NoError(t, err)
	require.Equal(t, "blue", choice.Answer)
	expr, err := x.Answer(b.ctx, evokg.AnswerPrompt{Question: "What is 6 ring 7?", Direct: true,
		Answer: evokg.AnswerSpec{Mode: evokg.AnswerExpression}})
	require.NoError(t, err)
	require.Equal(t, "6*7+1", expr.Expression)
	require.Empty(t, expr.Answer, "the caller evaluates the expression")

	reqs := b.fake.Requests()
	require.Len(t, reqs, 3)
	schema := func(i int) map[string]any {
		var s map[string]any
		require.NoError(t, json.Unmarshal(reqs[i].Chat.Format, &s))
		require.Equal(t, "answer", s["title"])
		return s["properties"].(map[string]any)
	}
	require.Equal(t, "number", schema(0)["answer"].(map[string]any)["type"])
	require.Equal(t, []any{"red", "blue"}, schema(1)["answer"].(map[string]any)["enum"])
	require.Contains(t, reqs[1].Chat.Messages[0].Content, "exactly one of: red; blue")
	p := schema(2)
	require.Contains(t, p, "expression")
	require.NotContains(t, p, "reasoning", "a direct profile asks for no reasoning")
	require.NotContains(t, p, "answer")
	require.Contains(t, reqs[2].Chat.Messages[0].Content, "a calculator evaluates it")

	// A choice outside the set is refused by the schema and repaired.
	b.fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexp.MustCompile(`grass`), Reply: `{"reasoning":"look","answer":"green"}`, Times: 1})
	b.fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexp.MustCompile(`grass`), Reply: `{"reasoning":"look","answer":"red"}`})
	fixed, err := x.Answer(b.ctx, evokg.AnswerPrompt{Question: "What colour is grass?",
		Answer: evokg.AnswerSpec{Mode: evokg.AnswerChoice, Choices: []string{"red", "blue"}}})
	require.NoError(t, err)
	require.Equal(t, "red", fixed.Answer)
	require.Len(t, b.fake.Requests(), 5, "one repair")
}

// The turns rendering sends each worked example as a user/assistant pair
// in the reply's own shape before the question, and the notes in the
// system message; the block rendering sends one user message.
func TestAnswerTurnsRendering(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	x := b.models.Learner()
	_, err := x.Answer(b.ctx, evokg.AnswerPrompt{Question: "What is 4 ∘ 5?", Answer: evokg.AnswerSpec{Mode: evokg.AnswerExpression},
		Examples: []evokg.WorkedExample{
			{Question: "What is 2 ∘ 3?", Reasoning: "multiply, add one", Expression: "2*3+1", Answer: "7"},
			{Question: "What is 3 ∘ 3?", Reasoning: "the correction: 3*3+1", Answer: "10"},
		},
		Notes: "Principles:\n- a ∘ b is a times b plus one"})
	require.NoError(t, err)
	msgs := b.fake.Requests()[0].Chat.Messages
	require.Len(t, msgs, 6)
	roles := []string{}
	for _, m := range msgs {
		roles = append(roles, m.Role)
	}
	require.Equal(t, []string{"system", "user", "assistant", "user", "assistant", "user"}, roles)
	require.Contains(t, msgs[0].Content, "a ∘ b is a times b plus one")
	require.Equal(t, "Question: What is 2 ∘ 3?", msgs[1].Content)
	require.JSONEq(t, `{"reasoning":"multiply, add one","expression":"2*3+1"}`, msgs[2].Content)
	require.JSONEq(t, `{"reasoning":"the correction: 3*3+1","expression":"10"}`, msgs[4].Content, "a correction without an expression gives its value")
	require.Equal(t, "Question: What is 4 ∘ 5?", msgs[5].Content)
	require.NotContains(t, msgs[5].Content, "Memories:")

	_, err = x.Answer(b.ctx, evokg.AnswerPrompt{Question: "What is 4 ∘ 5?", MemoryBlock: "Successful examples:\n1. 2 ∘ 3 = 7",
		Answer: evokg.AnswerSpec{Mode: evokg.AnswerNumber}})
	require.NoError(t, err)
	block := b.fake.Requests()[1].Chat.Messages
	require.Len(t, block, 2)
	require.Contains(t, block[1].Content, "Memories:\nSuccessful examples:")
}

// An expert agent's role and system prompt lead the system message of
// every learner prompt of the answer, before the learner's instructions;
// without an agent the system message starts with them.
func TestAgentPromptLeadsTheSystemMessage(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	x := b.models.Learner()
	req := evokg.AnswerPrompt{Question: "What is 4 times 5?", AgentRole: "multiplier", AgentPrompt: "Multiply the two numbers."}
	_, err := x.Answer(b.ctx, req)
	require.NoError(t, err)
	_, err = x.CallTools(b.ctx, evokg.ToolRoundRequest{AnswerPrompt: req, Tools: []evokg.ToolDef{{Name: "times", Description: "a times b", Parameters: json.RawMessage(`{"type":"object"}`)}}})
	require.NoError(t, err)
	_, err = x.Verify(b.ctx, evokg.VerifyRequest{AnswerPrompt: req, Draft: evokg.AnswerReply{Answer: "20"}})
	require.NoError(t, err)
	req.AgentRole, req.AgentPrompt = "", ""
	_, err = x.Answer(b.ctx, req)
	require.NoError(t, err)
	reqs := b.fake.Requests()
	require.Len(t, reqs, 4)
	for _, r := range reqs[:3] {
		require.True(t, strings.HasPrefix(r.Chat.Messages[0].Content, "Expert agent: multiplier\nMultiply the two numbers.\n\nYou are the Learner of EvoKG"),
			r.Chat.Messages[0].Content)
	}
	require.True(t, strings.HasPrefix(reqs[3].Chat.Messages[0].Content, "You are the Learner of EvoKG"))
}

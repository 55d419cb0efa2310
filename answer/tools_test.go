package answer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/sandbox"
)

// sandboxTools is the asset memory as these tests need it: the tools
// given are recruited for every question, and each call runs their code in
// the real sandbox. (The asset service's recruitment and schema checks are
// the evolution end-to-end test's.)
type sandboxTools struct{ tools []evokg.Tool }

func (s sandboxTools) RecruitTools(_ context.Context, _, _ string, k int) ([]evokg.Tool, error) {
	return s.tools[:min(k, len(s.tools))], nil
}

func (s sandboxTools) InvokeTool(ctx context.Context, _, name string, input json.RawMessage) (json.RawMessage, error) {
	i := slices.IndexFunc(s.tools, func(t evokg.Tool) bool { return t.Name == name })
	if i < 0 {
		return nil, evokg.Errorf(evokg.ENOTFOUND, "tool %s not found", name)
	}
	return sandbox.RunJSON(ctx, s.tools[i].Code, input, sandbox.Limits{})
}

func (s sandboxTools) CreateTool(context.Context, string, evokg.ToolSpec) (evokg.Tool, error) {
	return evokg.Tool{}, evokg.Errorf(evokg.EUNAVAILABLE, "not in these tests")
}

func (s sandboxTools) Tool(context.Context, string, string) (evokg.Tool, error) {
	return evokg.Tool{}, evokg.Errorf(evokg.EUNAVAILABLE, "not in these tests")
}

func (s sandboxTools) ListTools(context.Context, string) ([]evokg.Tool, error) { return s.tools, nil }

func tool(name, code string) evokg.Tool {
	return evokg.Tool{ToolSpec: evokg.ToolSpec{Name: name, Description: "The area of a rectangle from its width and height.", Code: code,
		InputSchema: json.RawMessage(`{"type":"object","properties":{"width":{"type":"number"},"height":{"type":"number"}},"required":["width","height"]}`)},
		Version: 1, Validated: true}
}

var (
	areaTool = tool("rectangle_area", "def run(input):\n    return {\"area\": input[\"width\"] * input[\"height\"]}")
	loopTool = tool("spin", "def run(input):\n    n = 0\n    while True:\n        n += 1\n    return n")
	// areaResult is what the answer prompt shows of a call of areaTool.
	areaResult = regexp.MustCompile(`(?m)^rectangle_area\(.*\) = \{"area":\s*(\d+)\}$`)
)

// answerFromTools plays the learner's answer call: the area a tool
// returned, when the prompt lists one, else its own wrong product.
func answerFromTools(v ollamafake.ChatRequestView) (string, bool) {
	if v.Task != "answer" {
		return "", false
	}
	if m := areaResult.FindStringSubmatch(v.Prompt); m != nil {
		return fmt.Sprintf(`{"reasoning":"rectangle_area returned %s.","answer":"%s"}`, m[1], m[1]), true
	}
	return `{"reasoning":"12 times 7 is 74.","answer":"74"}`, true
}

// callArea plays the learner's tool rounds: it calls rectangle_area, or
// calls (name) every round when always is set.
func callArea(name string, always bool) ollamafake.ToolScriptFunc {
	return func(v ollamafake.ChatRequestView) ([]ollamafake.ScriptedCall, bool) {
		if v.AfterToolResult() && !always {
			return nil, true
		}
		return []ollamafake.ScriptedCall{{Name: name, Arguments: map[string]any{"width": 12, "height": 7}}}, true
	}
}

func toolRounds(b bundle) []ollamafake.Request {
	var out []ollamafake.Request
	for _, r := range b.fake.Requests() {
		if r.Chat != nil && len(r.Chat.Tools) > 0 {
			out = append(out, r)
		}
	}
	return out
}

var areaQuestion = answer.Question{TaskType: "area", Question: "What is the area of a 12 by 7 rectangle?", Skill: &evokg.Skill{Name: "measuring"}}

// On the tool_call arm the learner calls a recruited tool, which runs in
// the sandbox; its output reaches the answer, which is recorded with the
// call. Without tools the same arm falls back to the calculator, and the
// learner's own arithmetic gives the answer.
func TestToolCallArmCallsRecruitedTools(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.fake.Script(answerFromTools)
	b.fake.ScriptToolCalls(callArea("rectangle_area", false))
	arms := fixedArms{bandit.StrategySemantic, bandit.StrategyToolCall}

	with, err := b.svc(arms).WithTools(sandboxTools{[]evokg.Tool{areaTool}}, answer.ToolConfig{}).Answer(t.Context(), b.ns, areaQuestion)
	require.NoError(t, err)
	require.Equal(t, "84", with.Answer)
	require.Len(t, with.ToolCalls, 1)
	use := with.ToolCalls[0]
	require.Equal(t, 1, use.Round)
	require.Equal(t, "rectangle_area", use.Tool)
	require.JSONEq(t, `{"height":7,"width":12}`, string(use.Input))
	require.JSONEq(t, `{"area":84}`, string(use.Output))
	require.Empty(t, with.ToolResult, "the calculator did not run")
	require.Equal(t, 3, with.LearnerCalls, "two tool rounds and the answer")
	require.Len(t, toolRounds(b), 2)
	require.Zero(t, b.fake.CountTask("calculator"))

	without, err := b.svc(arms).Answer(t.Context(), b.ns, areaQuestion)
	require.NoError(t, err)
	require.Equal(t, "74", without.Answer, "without tools the learner's own product stands")
	require.Empty(t, without.ToolCalls)
	require.Equal(t, 1, b.fake.CountTask("calculator"), "the calculator serves when no tool is recruited")
	require.Len(t, toolRounds(b), 2, "no tool round without tools")
}

// The ReAct loop stops after DefaultToolRounds rounds of calls; a call of
// a tool not offered and a run the sandbox stops are fed back with their
// reason and recorded, and the learner still answers.
func TestToolLoopIsBoundedAndRecordsRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.fake.Script(answerFromTools)
	b.fake.ScriptToolCalls(func(v ollamafake.ChatRequestView) ([]ollamafake.ScriptedCall, bool) {
		return []ollamafake.ScriptedCall{{Name: "spin", Arguments: map[string]any{"width": 1, "height": 1}},
			{Name: "rm_rf", Arguments: map[string]any{}}}, true
	})
	r, err := b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyToolCall}).
		WithTools(sandboxTools{[]evokg.Tool{loopTool}}, answer.ToolConfig{}).Answer(t.Context(), b.ns, areaQuestion)
	require.NoError(t, err)
	require.Len(t, toolRounds(b), answer.DefaultToolRounds)
	require.Len(t, r.ToolCalls, 2*answer.DefaultToolRounds)
	for i, use := range r.ToolCalls {
		require.Equal(t, i/2+1, use.Round)
		require.Empty(t, use.Output)
	}
	require.Contains(t, r.ToolCalls[0].Error, sandbox.LimitSteps, "the step limit stopped the endless loop")
	require.Equal(t, `no tool named "rm_rf" was offered`, r.ToolCalls[1].Error)
	require.Equal(t, "74", r.Answer, "no tool output, so the learner's own answer")
	require.Equal(t, answer.DefaultToolRounds+1, r.LearnerCalls)
	last := toolRounds(b)[answer.DefaultToolRounds-1].Chat.Messages
	require.Equal(t, "error: "+r.ToolCalls[3].Error, last[len(last)-1].Content, "the refusal went back to the learner")
}

// A learner whose last tool round is already an answer is not asked again.
func TestToolRoundAnswerEndsTheLoop(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.fake.ScriptToolCalls(callArea("rectangle_area", false))
	b.fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
		return `{"reasoning":"the tool gave 84","answer":"84"}`, v.AfterToolResult()
	})
	r, err := b.svc(fixedArms{bandit.StrategySemantic, bandit.StrategyToolCall}).
		WithTools(sandboxTools{[]evokg.Tool{areaTool}}, answer.ToolConfig{}).Answer(t.Context(), b.ns, areaQuestion)
	require.NoError(t, err)
	require.Equal(t, "84", r.Answer)
	require.Equal(t, 2, r.LearnerCalls)
	require.Zero(t, b.fake.CountTask("answer"))
}

// /answer's response and the answer record keep the tool calls: a reward
// reads them back.
func TestAnswerRecordKeepsToolCalls(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.fake.Script(answerFromTools)
	b.fake.ScriptToolCalls(callArea("rectangle_area", false))
	pool := testenv.Postgres(t)
	bandits, err := bandit.New(pool, bandit.Config{RoutingArms: []string{bandit.StrategyToolCall}}, testenv.Logger(t))
	require.NoError(t, err)
	svc := b.svc(bandits).WithTools(sandboxTools{[]evokg.Tool{areaTool}}, answer.ToolConfig{}).
		WithRecords(answer.NewRecords(pool, bandits))
	_, err = b.graph.CreateSkill(t.Context(), b.ns, evokg.NewSkill{Name: "measuring", Description: "areas"})
	require.NoError(t, err)
	resp, err := answer.NewOnline(svc, b.graph).Answer(t.Context(), b.ns,
		evokg.AnswerRequest{TaskType: "area", Question: areaQuestion.Question, Skill: "measuring"})
	require.NoError(t, err)
	require.Equal(t, "84", resp.Answer)
	require.Len(t, resp.ToolCalls, 1)
	require.JSONEq(t, `{"area":84}`, string(resp.ToolCalls[0].Output))

	res, err := svc.Feedback(t.Context(), b.ns, resp.ID, 1)
	require.NoError(t, err)
	require.Len(t, res.Answer.ToolCalls, 1)
	stored := res.Answer.ToolCalls[0]
	require.Equal(t, resp.ToolCalls[0].CallID, stored.CallID)
	require.Equal(t, "rectangle_area", stored.Tool)
	require.JSONEq(t, string(resp.ToolCalls[0].Input), string(stored.Input))
	require.JSONEq(t, `{"area":84}`, string(stored.Output))
}

// An expression-mode reply is computed by the calculator, its left side
// when the learner wrote a result after "=".
func TestEvaluateComputesTheExpression(t *testing.T) {
	for expr, want := range map[string]string{
		"19 * 15 + 1":   "286",
		"19 * 15 = 265": "285",
		"3 ~ 5":         "3 ~ 5",
		"= 4":           "= 4",
	} {
		require.Equal(t, want, answer.EvaluateForTest(evokg.AnswerReply{Expression: expr}).Answer, expr)
	}
}

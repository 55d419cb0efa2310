package llm_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/usage"
)

var rectangleTool = evokg.ToolDef{Name: "rectangle_area", Description: "The area of a rectangle.",
	Parameters: json.RawMessage(`{"type":"object","properties":{"width":{"type":"number"},"height":{"type":"number"}},"required":["width","height"]}`)}

// The learner's tool round offers the tools through each provider's own
// tool protocol and reads the calls back; a second round replays the call
// and its result, and the model's answer in text ends the loop.
func TestLearnerToolRoundsOnBothProviders(t *testing.T) {
	t.Parallel()
	for _, provider := range []llm.Provider{llm.ProviderOllama, llm.ProviderOpenAI} {
		t.Run(string(provider), func(t *testing.T) {
			t.Parallel()
			fake := ollamafake.New(ollamafake.Options{})
			fake.ScriptToolCalls(func(v ollamafake.ChatRequestView) ([]ollamafake.ScriptedCall, bool) {
				if v.AfterToolResult() {
					return nil, true
				}
				return []ollamafake.ScriptedCall{{Name: "rectangle_area", Arguments: map[string]any{"width": 12, "height": 7}}}, true
			})
			fake.Script(func(v ollamafake.ChatRequestView) (string, bool) {
				return `{"reasoning":"rectangle_area gave 84.","answer":"84"}`, v.AfterToolResult()
			})
			rec := usage.NewRecorder(testenv.Postgres(t), prometheus.NewRegistry())
			m, err := llm.New(llm.Config{Provider: provider, BaseURL: fake.Start(t)}, &http.Client{Timeout: 30 * time.Second}, rec, testenv.Logger(t))
			require.NoError(t, err)
			ctx := llm.WithCall(context.Background(), llm.CallMeta{Namespace: testenv.Namespace(t)})
			req := evokg.ToolRoundRequest{AnswerPrompt: evokg.AnswerPrompt{Question: "What is the area of a 12 by 7 rectangle?"},
				Tools: []evokg.ToolDef{rectangleTool}}

			first, err := m.Learner().CallTools(ctx, req)
			require.NoError(t, err)
			require.Len(t, first.Calls, 1)
			require.Equal(t, "rectangle_area", first.Calls[0].Name)
			require.JSONEq(t, `{"height":7,"width":12}`, string(first.Calls[0].Arguments))
			require.NotEmpty(t, first.Calls[0].ID)
			require.Nil(t, first.Answer)

			c := first.Calls[0]
			req.Trace = []evokg.ToolUse{{Round: 1, CallID: c.ID, Tool: c.Name, Input: c.Arguments, Output: json.RawMessage(`{"area":84}`)}}
			second, err := m.Learner().CallTools(ctx, req)
			require.NoError(t, err)
			require.Empty(t, second.Calls)
			require.NotNil(t, second.Answer)
			require.Equal(t, "84", second.Answer.Answer)

			reqs := fake.Requests()
			require.Len(t, reqs, 2)
			sent := reqs[0].Chat
			require.Len(t, sent.Tools, 1)
			require.Equal(t, "rectangle_area", sent.Tools[0].Function.Name)
			require.Equal(t, []string{"width", "height"}, sent.Tools[0].Function.Parameters.Required)
			require.Empty(t, sent.Format, "a tool round sends no reply schema")
			replay := reqs[1].Chat.Messages
			require.Len(t, replay, 4) // system, user, the assistant's call, the tool's result
			require.Equal(t, "rectangle_area", replay[2].ToolCalls[0].Function.Name)
			require.Equal(t, "tool", replay[3].Role)
			require.Equal(t, `{"area":84}`, replay[3].Content)
			require.Equal(t, c.ID, replay[3].ToolCallID)
		})
	}
}

// Without a tool script the fake calls the first tool offered with
// arguments valid for its schema, then answers in text after the result.
func TestFakeCallsTheFirstToolByDefault(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	req := evokg.ToolRoundRequest{AnswerPrompt: evokg.AnswerPrompt{Question: "q"}, Tools: []evokg.ToolDef{rectangleTool}}
	first, err := b.models.Learner().CallTools(b.ctx, req)
	require.NoError(t, err)
	require.Len(t, first.Calls, 1)
	var args map[string]float64
	require.NoError(t, json.Unmarshal(first.Calls[0].Arguments, &args))
	require.Contains(t, args, "width")
	require.Contains(t, args, "height")

	req.Trace = []evokg.ToolUse{{Round: 1, CallID: first.Calls[0].ID, Tool: "rectangle_area", Input: first.Calls[0].Arguments, Error: "time limit"}}
	second, err := b.models.Learner().CallTools(b.ctx, req)
	require.NoError(t, err)
	require.Empty(t, second.Calls)
	require.Equal(t, ollamafake.DefaultReply, second.Text)
	require.Nil(t, second.Answer, "a text that is no answer leaves the answer to the answer prompt")
	require.Equal(t, "error: time limit", b.fake.Requests()[1].Chat.Messages[3].Content)
}

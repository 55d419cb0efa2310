package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/evokg/evokg"
)

// CallTools asks the learner model for its next move with req.Tools
// offered: the calls it wants made, or its reply when it wants none. The
// round is one chat call without a reply schema, since servers that parse
// tool calls from the model's output do not constrain it by a schema too.
func (x *Learner) CallTools(ctx context.Context, req evokg.ToolRoundRequest) (evokg.ToolRoundReply, error) {
	p, ok := x.ep.conn.prompts["use_tools"]
	if !ok {
		return evokg.ToolRoundReply{}, fmt.Errorf("llm: no prompt named %q", "use_tools")
	}
	system, user, err := p.render(req)
	if err != nil {
		return evokg.ToolRoundReply{}, err
	}
	messages := append([]message{{Role: "system", Content: system}, {Role: "user", Content: user}}, traceMessages(req.Trace)...)
	res, err := x.ep.chat(ctx, chatCall{role: RoleLearner, messages: messages, task: "use_tools",
		temperature: x.temperature(req.Temperature), tools: req.Tools})
	if err != nil {
		return evokg.ToolRoundReply{}, err
	}
	reply := evokg.ToolRoundReply{Calls: res.toolCalls, Text: StripThink(res.content)}
	if len(reply.Calls) == 0 {
		reply.Answer = directAnswer(p, res.content)
	}
	return reply, nil
}

// directAnswer is the round's reply as an answer, or nil when it is not
// one (the loop then asks for the answer with the answer prompt).
func directAnswer(p *prompt, content string) *evokg.AnswerReply {
	fixed, _, err := p.check(cleanReply(content))
	if err != nil {
		return nil
	}
	var a evokg.AnswerReply
	if decodeReply(string(fixed), &a) != nil {
		return nil
	}
	a.Answer = strings.TrimSpace(a.Answer)
	return &a
}

// traceMessages replays earlier rounds: per round, the assistant message
// with its calls, then one tool message per call with its result.
func traceMessages(trace []evokg.ToolUse) []message {
	var out []message
	for i := 0; i < len(trace); {
		round := trace[i].Round
		call := message{Role: "assistant"}
		var results []message
		for ; i < len(trace) && trace[i].Round == round; i++ {
			u := trace[i]
			call.ToolCalls = append(call.ToolCalls, evokg.ToolCall{ID: u.CallID, Name: u.Tool, Arguments: u.Input})
			results = append(results, message{Role: "tool", Content: u.ResultText(), ToolCallID: u.CallID, ToolName: u.Tool})
		}
		out = append(append(out, call), results...)
	}
	return out
}

// jsonArguments keeps a model's arguments as JSON: text that is not valid
// JSON becomes a JSON string, which the tool's input schema then refuses.
func jsonArguments(raw string) json.RawMessage {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return json.RawMessage("{}")
	}
	if json.Valid([]byte(raw)) {
		return json.RawMessage(raw)
	}
	b, _ := json.Marshal(raw) // a string always marshals
	return b
}

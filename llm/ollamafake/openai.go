package ollamafake

import (
	"cmp"
	"encoding/json"
	"net/http"
	"time"

	"github.com/ollama/ollama/api"
)

// The OpenAI-compatible endpoints Ollama serves under /v1: the same
// scripts, rules, faults and embeddings answer them, in OpenAI's shapes.

type openAIChatRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role       string           `json:"role"`
		Content    string           `json:"content"`
		ToolCalls  []openAIToolCall `json:"tool_calls"`
		ToolCallID string           `json:"tool_call_id"`
	} `json:"messages"`
	Tools []struct {
		Type     string           `json:"type"`
		Function api.ToolFunction `json:"function"`
	} `json:"tools"`
	ResponseFormat *struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
	Temperature         *float64 `json:"temperature"`
	MaxCompletionTokens *int     `json:"max_completion_tokens"`
	MaxTokens           *int     `json:"max_tokens"`
	Seed                *int     `json:"seed"`
}

// view maps the request onto what scripts and rules see: the schema is
// the format, and the sampling fields are the options under Ollama's names
// (temperature, num_predict, seed).
func (req openAIChatRequest) view(path string) ChatRequestView {
	v := ChatRequestView{Path: path, Model: req.Model, Options: map[string]any{}}
	if rf := req.ResponseFormat; rf != nil && rf.JSONSchema != nil {
		v.Format = rf.JSONSchema.Schema
		v.Task = cmp.Or(taskOf(rf.JSONSchema.Schema), rf.JSONSchema.Name)
	}
	for _, m := range req.Messages {
		msg := api.Message{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID}
		for i, c := range m.ToolCalls {
			var args api.ToolCallFunctionArguments
			_ = args.UnmarshalJSON([]byte(c.Function.Arguments)) //nolint:errcheck // arguments a model garbled stay empty
			msg.ToolCalls = append(msg.ToolCalls, api.ToolCall{ID: c.ID, Function: api.ToolCallFunction{Index: i, Name: c.Function.Name, Arguments: args}})
		}
		v.Messages = append(v.Messages, msg)
	}
	for _, t := range req.Tools {
		v.Tools = append(v.Tools, api.Tool{Type: t.Type, Function: t.Function})
	}
	v.takePrompts()
	if req.Temperature != nil {
		v.Options["temperature"] = *req.Temperature
	}
	if n := cmp.Or(req.MaxCompletionTokens, req.MaxTokens); n != nil {
		v.Options["num_predict"] = *n
	}
	if req.Seed != nil {
		v.Options["seed"] = *req.Seed
	}
	return v
}

func (s *Server) handleOpenAIChat(w http.ResponseWriter, r *http.Request) {
	var req openAIChatRequest
	if !decode(w, r, &req) {
		return
	}
	v := req.view(r.URL.Path)
	reply, calls, m, ok := s.chatReply(w, r, &v)
	if !ok {
		return
	}
	message, finish := map[string]any{"role": "assistant", "content": reply}, "stop"
	if len(calls) > 0 {
		message["tool_calls"], finish = openAIToolCalls(v, calls), "tool_calls"
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
		"system_fingerprint": Version,
		"choices":            []any{map[string]any{"index": 0, "finish_reason": finish, "message": message}},
		"usage": map[string]any{"prompt_tokens": m.PromptEvalCount, "completion_tokens": m.EvalCount,
			"total_tokens": m.PromptEvalCount + m.EvalCount},
	})
}

// openAIToolCall is a tool call in OpenAI's shape: the arguments are a
// JSON text.
type openAIToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

func openAIToolCalls(v ChatRequestView, calls []ScriptedCall) []openAIToolCall {
	out := make([]openAIToolCall, len(calls))
	for i, c := range calls {
		args, _ := json.Marshal(c.Arguments) // maps of JSON values always marshal
		if c.Arguments == nil {
			args = []byte("{}")
		}
		out[i] = openAIToolCall{ID: callID(v, i), Type: "function"}
		out[i].Function.Name, out[i].Function.Arguments = c.Name, string(args)
	}
	return out
}

func (s *Server) handleOpenAIEmbeddings(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Model      string `json:"model"`
		Input      any    `json:"input"`
		Dimensions int    `json:"dimensions"`
	}
	if !decode(w, r, &req) {
		return
	}
	inputs, dim, ok := s.embedRequest(w, r, req.Model, req.Input, req.Dimensions, writeOpenAIError)
	if !ok {
		return
	}
	data := make([]any, len(inputs))
	tokens := 0
	for i, in := range inputs {
		data[i] = map[string]any{"object": "embedding", "index": i, "embedding": Embed(in, dim)}
		tokens += max(1, len(wordPattern.FindAllString(in, -1)))
	}
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "model": req.Model, "data": data,
		"usage": map[string]any{"prompt_tokens": tokens, "total_tokens": tokens}})
}

func (s *Server) handleOpenAIModels(w http.ResponseWriter, _ *http.Request) {
	data := []any{}
	for _, m := range s.Models() {
		data = append(data, map[string]any{"id": m, "object": "model", "created": 1735689600, "owned_by": "scripted-fake"})
	}
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": data})
}

func writeOpenAIError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error",
		"code": http.StatusText(status)}})
}

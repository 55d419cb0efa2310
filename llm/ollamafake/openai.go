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
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
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
		v.Messages = append(v.Messages, api.Message{Role: m.Role, Content: m.Content})
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
	reply, m, ok := s.chatReply(w, r, &v)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
		"system_fingerprint": Version,
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop",
			"message": map[string]any{"role": "assistant", "content": reply}}},
		"usage": map[string]any{"prompt_tokens": m.PromptEvalCount, "completion_tokens": m.EvalCount,
			"total_tokens": m.PromptEvalCount + m.EvalCount},
	})
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

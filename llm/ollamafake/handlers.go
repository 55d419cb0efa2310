package ollamafake

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/ollama/ollama/types/model"
)

func (s *Server) handleChat(w http.ResponseWriter, r *http.Request) {
	var req api.ChatRequest
	if !decode(w, r, &req) {
		return
	}
	v := ChatRequestView{Path: r.URL.Path, Model: req.Model, Task: taskOf(req.Format),
		Messages: req.Messages, Format: req.Format, Options: req.Options, Tools: req.Tools}
	v.takePrompts()
	reply, calls, metrics, ok := s.chatReply(w, r, &v)
	if !ok {
		return
	}
	chunk := func(text string, done bool) any {
		resp := api.ChatResponse{Model: req.Model, CreatedAt: time.Now().UTC(),
			Message: api.Message{Role: "assistant", Content: text}, Done: done}
		if done {
			resp.DoneReason, resp.Metrics = "stop", metrics
			resp.Message.ToolCalls = ollamaToolCalls(v, calls)
		}
		return resp
	}
	s.respond(w, req.Stream, reply, chunk)
}

func (s *Server) handleGenerate(w http.ResponseWriter, r *http.Request) {
	var req api.GenerateRequest
	if !decode(w, r, &req) {
		return
	}
	v := ChatRequestView{Path: r.URL.Path, Model: req.Model, Task: taskOf(req.Format), System: req.System,
		Prompt: req.Prompt, Format: req.Format, Options: req.Options}
	reply, _, metrics, ok := s.chatReply(w, r, &v)
	if !ok {
		return
	}
	chunk := func(text string, done bool) any {
		resp := api.GenerateResponse{Model: req.Model, CreatedAt: time.Now().UTC(), Response: text, Done: done}
		if done {
			resp.DoneReason, resp.Metrics = "stop", metrics
		}
		return resp
	}
	s.respond(w, req.Stream, reply, chunk)
}

// respond writes reply as one JSON object, or as NDJSON chunks of
// ChunkWords words followed by a final done chunk when streaming (the
// default when stream is absent).
func (s *Server) respond(w http.ResponseWriter, stream *bool, reply string, chunk func(string, bool) any) {
	if stream != nil && !*stream {
		writeJSON(w, http.StatusOK, chunk(reply, true))
		return
	}
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.WriteHeader(http.StatusOK)
	enc := json.NewEncoder(w)
	flusher, _ := w.(http.Flusher)
	for _, part := range splitChunks(reply, s.opts.ChunkWords) {
		_ = enc.Encode(chunk(part, false))
		if flusher != nil {
			flusher.Flush()
		}
	}
	_ = enc.Encode(chunk("", true))
}

// splitChunks cuts text after every n-th space, keeping every byte.
func splitChunks(text string, n int) []string {
	var parts []string
	words, start := 0, 0
	for i, c := range text {
		if c == ' ' {
			if words++; words == n {
				parts = append(parts, text[start:i+1])
				words, start = 0, i+1
			}
		}
	}
	if start < len(text) {
		parts = append(parts, text[start:])
	}
	return parts
}

// chatReply records a chat or generate request and admits it: the scripted
// reply, or the tool calls that replace it, and its token counts. A refused
// request has been answered.
func (s *Server) chatReply(w http.ResponseWriter, r *http.Request, v *ChatRequestView) (string, []ScriptedCall, api.Metrics, bool) {
	s.record(Request{Path: v.Path, Model: v.Model, Chat: v, At: time.Now()})
	if !s.admit(w, r, v.Model) {
		return "", nil, api.Metrics{}, false
	}
	if calls := s.toolCalls(*v); len(calls) > 0 {
		text, _ := json.Marshal(calls) // maps of JSON values always marshal
		return "", calls, tokenMetrics(v.Text(), string(text)), true
	}
	reply := s.reply(*v)
	return reply, nil, tokenMetrics(v.Text(), reply), true
}

// callID names the i-th call of a reply, unique within the conversation.
func callID(v ChatRequestView, i int) string {
	return fmt.Sprintf("call_%d_%d", len(v.Messages), i)
}

// ollamaToolCalls puts scripted calls in Ollama's shape.
func ollamaToolCalls(v ChatRequestView, calls []ScriptedCall) []api.ToolCall {
	var out []api.ToolCall
	for i, c := range calls {
		args := api.NewToolCallFunctionArguments()
		for _, k := range slices.Sorted(maps.Keys(c.Arguments)) {
			args.Set(k, c.Arguments[k])
		}
		out = append(out, api.ToolCall{ID: callID(v, i), Function: api.ToolCallFunction{Index: i, Name: c.Name, Arguments: args}})
	}
	return out
}

// takePrompts sets System (every system message, joined) and Prompt (the
// last user message) from Messages.
func (v *ChatRequestView) takePrompts() {
	var system []string
	for _, m := range v.Messages {
		switch m.Role {
		case "system":
			system = append(system, m.Content)
		case "user":
			v.Prompt = m.Content
		}
	}
	v.System = strings.Join(system, "\n")
}

func tokenMetrics(prompt, reply string) api.Metrics {
	return api.Metrics{
		PromptEvalCount:    max(1, len(wordPattern.FindAllString(prompt, -1))),
		EvalCount:          max(1, len(wordPattern.FindAllString(reply, -1))),
		TotalDuration:      time.Millisecond,
		PromptEvalDuration: 100 * time.Microsecond,
		EvalDuration:       900 * time.Microsecond,
	}
}

func (s *Server) handleEmbed(w http.ResponseWriter, r *http.Request) {
	var req api.EmbedRequest
	if !decode(w, r, &req) {
		return
	}
	inputs, dim, ok := s.embedRequest(w, r, req.Model, req.Input, req.Dimensions, writeError)
	if !ok {
		return
	}
	resp := api.EmbedResponse{Model: req.Model, Embeddings: make([][]float32, len(inputs)), TotalDuration: time.Millisecond}
	for i, in := range inputs {
		resp.Embeddings[i] = Embed(in, dim)
		resp.PromptEvalCount += max(1, len(wordPattern.FindAllString(in, -1)))
	}
	writeJSON(w, http.StatusOK, resp)
}

// embedRequest records an embedding request and admits it: its inputs and
// the dimension of its vectors (the one asked for, if smaller). A refused
// request has been answered (fail writes an input error).
func (s *Server) embedRequest(w http.ResponseWriter, r *http.Request, model string, input any, dims int,
	fail func(http.ResponseWriter, int, string)) (inputs []string, dim int, ok bool) {
	inputs, err := embedInputs(input)
	s.record(Request{Path: r.URL.Path, Model: model, Inputs: inputs, At: time.Now()})
	if err != nil {
		fail(w, http.StatusBadRequest, err.Error())
		return nil, 0, false
	}
	if !s.admit(w, r, model) {
		return nil, 0, false
	}
	dim = s.opts.EmbeddingDim
	if dims > 0 && dims < dim {
		dim = dims
	}
	return inputs, dim, true
}

// embedInputs accepts a string or a list of strings, as Ollama does.
func embedInputs(input any) ([]string, error) {
	switch in := input.(type) {
	case string:
		return []string{in}, nil
	case []any:
		out := make([]string, len(in))
		for i, x := range in {
			s, ok := x.(string)
			if !ok {
				return nil, fmt.Errorf("invalid input type at %d", i)
			}
			out[i] = s
		}
		return out, nil
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("invalid input type")
}

func (s *Server) handleTags(w http.ResponseWriter, _ *http.Request) {
	resp := api.ListResponse{Models: []api.ListModelResponse{}}
	for _, m := range s.Models() {
		name := withTag(m)
		resp.Models = append(resp.Models, api.ListModelResponse{Name: name, Model: name,
			ModifiedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC), Size: 1 << 30,
			Digest: fmt.Sprintf("%x", Embed(name, 8)[0:4]), Details: details()})
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) handleShow(w http.ResponseWriter, r *http.Request) {
	var req api.ShowRequest
	if !decode(w, r, &req) {
		return
	}
	name := req.Model
	if name == "" {
		name = req.Name
	}
	s.record(Request{Path: r.URL.Path, Model: name, At: time.Now()})
	if !s.admit(w, r, name) {
		return
	}
	resp := api.ShowResponse{Details: details(), Capabilities: []model.Capability{model.CapabilityCompletion},
		ModelInfo: map[string]any{"general.architecture": "scripted-fake"}, System: "scripted fake model"}
	if isEmbeddingModel(name) {
		resp.Capabilities = []model.Capability{model.CapabilityEmbedding}
		resp.ModelInfo["scripted-fake.embedding_length"] = s.opts.EmbeddingDim
	}
	writeJSON(w, http.StatusOK, resp)
}

func (s *Server) handleVersion(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"version": Version, "scripted": true})
}

func details() api.ModelDetails {
	return api.ModelDetails{Format: "gguf", Family: "scripted-fake", Families: []string{"scripted-fake"},
		ParameterSize: "0B", QuantizationLevel: "none"}
}

func isEmbeddingModel(name string) bool { return strings.Contains(name, "embed") }

func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := json.NewDecoder(r.Body).Decode(v); err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return false
	}
	return true
}

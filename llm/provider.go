package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"

	"github.com/evokg/evokg"
)

// backend is one model server's protocol: Ollama's own API or the
// OpenAI-compatible one. Each method is one HTTP exchange; accounting,
// budgets, validation and error translation are the layer's, not the
// backend's.
type backend interface {
	chat(ctx context.Context, req chatRequest) (chatResult, error)
	embed(ctx context.Context, model string, input []string) (embedResult, error)
	// models lists the names of the models the server serves.
	models(ctx context.Context) ([]string, error)
	// version returns the server's version, or a description when the
	// protocol has none.
	version(ctx context.Context) (string, error)
	// status returns the HTTP status of a refusal by the server and its
	// message, ok=false when err is not one.
	status(err error) (code int, msg string, ok bool)
}

// message is one chat message.
type message struct {
	Role    string // system, user, assistant or tool
	Content string
	// ToolCalls are the calls of an assistant message.
	ToolCalls []evokg.ToolCall
	// ToolCallID and ToolName name the call a tool message answers.
	ToolCallID, ToolName string
}

// chatRequest is one chat call as both protocols need it.
type chatRequest struct {
	model       string
	messages    []message
	task        string          // names the schema (OpenAI's json_schema.name)
	schema      json.RawMessage // the reply's JSON schema; nil for free text
	temperature float64
	numCtx      int
	maxTokens   int
	seed        int
	// tools are offered to the model, which may reply with calls to them.
	tools []evokg.ToolDef
}

// chatResult is a chat reply and its accounting.
type chatResult struct {
	content      string
	promptTokens int
	replyTokens  int
	// truncated is set when the reply stopped at the token cap.
	truncated bool
	// toolCalls are the calls the model asked for instead of answering.
	toolCalls []evokg.ToolCall
}

// embedResult is one embedding reply.
type embedResult struct {
	vectors      [][]float32
	promptTokens int
}

// server is one model server as a role sees it: its protocol, address and
// the backend that speaks to it.
type server struct {
	provider Provider
	base     string
	backend  backend
}

// describe names the server in errors: provider and URL.
func (s *server) describe() string {
	if s.provider == ProviderOpenAI {
		return "OpenAI-compatible server " + s.base
	}
	return "Ollama server " + s.base
}

// serverKey identifies a server so roles on the same one share a client.
type serverKey struct {
	provider     Provider
	base, apiKey string
}

func newServer(k serverKey, hc *http.Client) (*server, error) {
	base := strings.TrimRight(k.base, "/")
	switch k.provider {
	case ProviderOllama:
		b, err := newOllamaBackend(base, hc)
		return &server{provider: k.provider, base: base, backend: b}, err
	case ProviderOpenAI:
		base = openAIBase(base)
		return &server{provider: k.provider, base: base, backend: newOpenAIBackend(base, k.apiKey, hc)}, nil
	}
	return nil, fmt.Errorf("llm: unknown provider %q", k.provider)
}

// missingHint tells how to make a model available on the server.
func (s *server) missingHint(model string) string {
	if s.provider == ProviderOllama {
		return fmt.Sprintf("run `ollama pull %s`", model)
	}
	return "load it on the server or change the configured model (GET " + s.base + "/models lists what it serves)"
}

// normalizeModel makes model names comparable: Ollama adds an implicit
// ":latest" tag; OpenAI-compatible names are compared as they are.
func (s *server) normalizeModel(name string) string {
	if s.provider != ProviderOllama || name == "" || strings.Contains(name, ":") {
		return name
	}
	return name + ":latest"
}

// Package ollamafake is a protocol-level fake of the Ollama HTTP API for
// tests, demos and end-to-end runs without a model server. It serves
// /api/chat, /api/generate, /api/embed, /api/tags, /api/show, /api/version
// and / over real HTTP, streams NDJSON when a request asks for it (or does
// not say), and, as Ollama does, the OpenAI-compatible /v1/chat/completions
// (the schema in response_format), /v1/embeddings and /v1/models. It
// answers:
//
//   - from scripts (Server.Script) and rules (Server.AddRule) matched by
//     model, task (the title of the request's format schema) and prompt
//     pattern;
//   - otherwise with an instance generated from the request's format schema,
//     so every structured call gets a valid object, or a fixed text;
//   - a request that offers tools with tool calls, in Ollama's or OpenAI's
//     shape, from tool scripts (Server.ScriptToolCalls), by default a call
//     of its first tool with schema-valid arguments, and with a text reply
//     once its last message is a tool result;
//   - embeddings as a normalized hashed bag of words (Embed), so texts
//     sharing words are closer.
//
// Faults (status codes, missing models, delays) can be injected and every
// request is recorded. It announces itself: its version contains
// "scripted-fake" and every response carries the header
// X-Ollama-Fake: scripted. EvoKG never falls back to it on its own; run it
// with `evokg fake-ollama --addr 127.0.0.1:11434` and point EvoKG at it.
package ollamafake

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/evokg/evokg"
)

// Version is what /api/version reports; it marks the server as scripted.
const Version = "0.0.0-scripted-fake"

// HeaderFake is set on every response.
const HeaderFake = "X-Ollama-Fake"

// Default models served, matching EvoKG's default configuration.
var DefaultModels = []string{"qwen3:8b", "llama3.1:8b", "nomic-embed-text:latest"}

// Options configures a fake server.
type Options struct {
	// Models are the models the server has (/api/tags); others get 404.
	// Default DefaultModels.
	Models []string
	// EmbeddingDim is the dimension of /api/embed vectors. Default 768.
	EmbeddingDim int
	// ChunkWords is the number of words per streamed chunk. Default 3.
	ChunkWords int
	// Rules are scripted replies, tried in order after scripts.
	Rules []Rule
	// Logger receives one line per request. Default: discard.
	Logger *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.Models == nil {
		o.Models = DefaultModels
	}
	if o.EmbeddingDim <= 0 {
		o.EmbeddingDim = evokg.DefaultEmbeddingDim
	}
	if o.ChunkWords <= 0 {
		o.ChunkWords = 3
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Server is the fake. It is an http.Handler and safe for concurrent use.
type Server struct {
	opts    Options
	handler http.Handler

	mu       sync.Mutex
	models   []string
	scripts  []ScriptFunc
	tools    []ToolScriptFunc
	rules    []*Rule
	faults   []*Fault
	requests []Request
}

// New returns a fake server.
func New(opts Options) *Server {
	opts = opts.withDefaults()
	s := &Server{opts: opts, models: slices.Clone(opts.Models)}
	for i := range opts.Rules {
		r := opts.Rules[i]
		s.rules = append(s.rules, &r)
	}
	s.handler = s.routes()
	return s
}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/chat", s.handleChat)
	mux.HandleFunc("POST /api/generate", s.handleGenerate)
	mux.HandleFunc("POST /api/embed", s.handleEmbed)
	mux.HandleFunc("GET /api/tags", s.handleTags)
	mux.HandleFunc("POST /api/show", s.handleShow)
	mux.HandleFunc("GET /api/version", s.handleVersion)
	mux.HandleFunc("POST /v1/chat/completions", s.handleOpenAIChat)
	mux.HandleFunc("POST /v1/embeddings", s.handleOpenAIEmbeddings)
	mux.HandleFunc("GET /v1/models", s.handleOpenAIModels)
	mux.HandleFunc("/{$}", func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("Ollama is running (scripted fake)"))
	})
	return mux
}

// ServeHTTP serves the Ollama API.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set(HeaderFake, "scripted")
	s.opts.Logger.DebugContext(r.Context(), "fake ollama request", slog.String("method", r.Method), slog.String("path", r.URL.Path))
	s.handler.ServeHTTP(w, r)
}

// Start serves the fake on a local port until t ends and returns its URL.
func (s *Server) Start(t testing.TB) string {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	return ts.URL
}

// ListenAndServe serves the fake on addr until ctx is done, then shuts
// down gracefully.
func (s *Server) ListenAndServe(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	s.opts.Logger.WarnContext(ctx, "serving a scripted fake of the Ollama API; replies are not from a model",
		slog.String("addr", ln.Addr().String()), slog.Any("models", s.Models()))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return err
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// Script adds a reply function, tried before earlier scripts and the rules.
func (s *Server) Script(fn ScriptFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.scripts = append([]ScriptFunc{fn}, s.scripts...)
}

// ScriptToolCalls adds a tool-call script, tried before earlier ones.
// Without one that decides, a request offering tools gets a call of its
// first tool with arguments generated from that tool's parameter schema,
// and a request whose last message is a tool result gets the text reply
// (scripts, rules, format) instead.
func (s *Server) ScriptToolCalls(fn ToolScriptFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tools = append([]ToolScriptFunc{fn}, s.tools...)
}

// toolCalls picks the tool calls to reply with; none for a request that
// offers no tools.
func (s *Server) toolCalls(v ChatRequestView) []ScriptedCall {
	if len(v.Tools) == 0 {
		return nil
	}
	s.mu.Lock()
	scripts := slices.Clone(s.tools)
	s.mu.Unlock()
	for _, fn := range scripts {
		if calls, ok := fn(v); ok {
			return calls
		}
	}
	if v.AfterToolResult() {
		return nil
	}
	first := v.Tools[0].Function
	args, _ := Instance(parametersSchema(first.Parameters)).(map[string]any)
	return []ScriptedCall{{Name: first.Name, Arguments: args}}
}

// AddRule appends a rule, tried after the rules already present.
func (s *Server) AddRule(r Rule) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = append(s.rules, &r)
}

// InjectFault adds a fault; faults are checked in the order added.
func (s *Server) InjectFault(f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.faults = append(s.faults, &f)
}

// SetModels replaces the models the server has.
func (s *Server) SetModels(models ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.models = slices.Clone(models)
}

// Models returns the models the server has.
func (s *Server) Models() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.models)
}

// Requests returns a copy of every request received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// CountModel returns how many chat, generate and embed requests named model.
func (s *Server) CountModel(model string) int {
	n := 0
	for _, r := range s.Requests() {
		if r.Model != "" && sameModel(r.Model, model) {
			n++
		}
	}
	return n
}

// CountTask returns how many chat and generate requests carried a format
// schema titled task.
func (s *Server) CountTask(task string) int {
	n := 0
	for _, r := range s.Requests() {
		if r.Chat != nil && r.Chat.Task == task {
			n++
		}
	}
	return n
}

func (s *Server) record(r Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.requests = append(s.requests, r)
}

func (s *Server) hasModel(model string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.ContainsFunc(s.models, func(m string) bool { return sameModel(m, model) })
}

// fault returns the first live fault matching the request and uses it up.
func (s *Server) fault(path, model string) *Fault {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, f := range s.faults {
		if !f.matches(path, model) {
			continue
		}
		hit := *f
		if f.Times > 0 {
			if f.Times--; f.Times == 0 {
				s.faults = slices.Delete(s.faults, i, i+1)
			}
		}
		return &hit
	}
	return nil
}

// reply picks the scripted, rule or default reply for v.
func (s *Server) reply(v ChatRequestView) string {
	s.mu.Lock()
	scripts := slices.Clone(s.scripts)
	s.mu.Unlock()
	for _, fn := range scripts {
		if reply, ok := fn(v); ok {
			return reply
		}
	}
	if reply, ok := s.ruleReply(v); ok {
		return reply
	}
	return replyForFormat(v.Format)
}

func (s *Server) ruleReply(v ChatRequestView) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i, r := range s.rules {
		if !r.matches(v) {
			continue
		}
		if r.Times > 0 {
			if r.Times--; r.Times == 0 {
				s.rules = slices.Delete(s.rules, i, i+1)
			}
		}
		return r.Reply, true
	}
	return "", false
}

// admit applies faults and the model check; it reports whether to go on.
func (s *Server) admit(w http.ResponseWriter, r *http.Request, model string) bool {
	if f := s.fault(r.URL.Path, model); f != nil {
		if f.Delay > 0 && !wait(r.Context(), f.Delay) {
			return false
		}
		if f.Status != 0 {
			msg := f.Message
			if msg == "" {
				msg = strings.ToLower(http.StatusText(f.Status))
			}
			writeErrorFor(w, r, f.Status, msg)
			return false
		}
	}
	if !s.hasModel(model) {
		writeErrorFor(w, r, http.StatusNotFound, "model \""+model+"\" not found, try pulling it first")
		return false
	}
	return true
}

func wait(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// writeErrorFor writes an error in the shape of the request's API.
func writeErrorFor(w http.ResponseWriter, r *http.Request, status int, msg string) {
	if strings.HasPrefix(r.URL.Path, "/v1/") {
		writeOpenAIError(w, status, msg)
		return
	}
	writeError(w, status, msg)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	writeJSON(w, status, map[string]string{"error": msg})
}

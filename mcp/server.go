package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Config configures the MCP server.
type Config struct {
	// API is the REST API's handler (api.NewHandler); every tool calls it.
	// Required.
	API http.Handler
	// Key is the API key tools call the API with when a request carries
	// none: the key of a stdio server. Over HTTP the Authorization header of
	// each MCP request is used instead.
	Key string
	// Version is reported to clients. Default "dev".
	Version string
	// Logger receives the SDK's logs. Default: discarded.
	Logger *slog.Logger
}

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.Version == "" {
		c.Version = "dev"
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return c
}

func (c Config) validate() error {
	if c.API == nil {
		return errors.New("mcp: Config.API is required")
	}
	return nil
}

// NewServer builds the MCP server: its tools and resources, with schemas
// cut from the document cfg.API serves at /openapi.json.
func NewServer(ctx context.Context, cfg Config) (*sdk.Server, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	a := &apiClient{handler: cfg.API, key: cfg.Key}
	res, err := a.call(ctx, nil, http.MethodGet, "/openapi.json", nil)
	if err != nil {
		return nil, err
	}
	if res.status != http.StatusOK {
		return nil, fmt.Errorf("mcp: GET /openapi.json: status %d", res.status)
	}
	doc, err := parseDocument(res.body)
	if err != nil {
		return nil, err
	}
	s := sdk.NewServer(&sdk.Implementation{Name: "evokg", Title: "EvoKG memory", Version: cfg.Version},
		&sdk.ServerOptions{Logger: cfg.Logger, Instructions: instructions})
	for _, t := range tools {
		st, err := t.sdkTool(doc)
		if err != nil {
			return nil, err
		}
		s.AddTool(st, a.toolHandler(t))
	}
	addResources(s, a)
	return s, nil
}

// instructions tell a model how the tools fit together.
const instructions = "EvoKG is an explicit memory for an agent, kept per namespace. " +
	"Before a task, call recall with the question and its task_type and put the returned prompt before the question. " +
	"After a task, call remember with what happened: a success, a failure with its correction, or a principle. " +
	"Every tool takes the namespace your API key is bound to; errors are RFC 9457 problems naming the invalid field."

// Path is where the API server mounts Handler.
const Path = "/mcp"

// Handler serves the MCP server over Streamable HTTP, statelessly: each
// POST carries its own Authorization header, which every tool call forwards
// to the API. The server is built at the first request, when cfg.API can
// serve its document.
func Handler(cfg Config) http.Handler {
	cfg = cfg.WithDefaults()
	var (
		once   sync.Once
		server *sdk.Server
		err    error
	)
	get := func(r *http.Request) *sdk.Server {
		// Not bound to the first request's cancellation: the server outlives it.
		once.Do(func() { server, err = NewServer(context.WithoutCancel(r.Context()), cfg) })
		if err != nil {
			cfg.Logger.ErrorContext(r.Context(), "mcp: cannot build the server", slog.Any("err", err))
			return nil
		}
		return server
	}
	return sdk.NewStreamableHTTPHandler(get, &sdk.StreamableHTTPOptions{Stateless: true, JSONResponse: true, Logger: cfg.Logger})
}

// apiClient calls the REST API in process.
type apiClient struct {
	handler http.Handler
	key     string
}

// response is what the API answered.
type response struct {
	status int
	body   []byte
}

// call serves one request with the API handler. The key is the one on
// extra's HTTP request when there is one, otherwise the configured one.
func (a *apiClient) call(ctx context.Context, extra *sdk.RequestExtra, method, path string, body []byte) (response, error) {
	var rd io.Reader = http.NoBody // as a server's request has
	if body != nil {
		rd = bytes.NewReader(body)
	}
	ctx, cancel := detach(ctx)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, "http://evokg"+path, rd)
	if err != nil {
		return response{}, fmt.Errorf("mcp: build %s %s: %w", method, path, err)
	}
	req.RemoteAddr = "mcp"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	switch {
	case extra != nil && extra.Header != nil:
		if auth := extra.Header.Get("Authorization"); auth != "" {
			req.Header.Set("Authorization", auth)
		}
	case a.key != "":
		req.Header.Set("Authorization", "Bearer "+a.key)
	}
	rec := &recorder{header: http.Header{}}
	a.handler.ServeHTTP(rec, req)
	return response{status: rec.status(), body: rec.body.Bytes()}, nil
}

// recorder is the http.ResponseWriter of an in-process call.
type recorder struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.code == 0 {
		r.code = code
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	r.WriteHeader(http.StatusOK)
	return r.body.Write(b)
}

func (r *recorder) status() int {
	if r.code == 0 {
		return http.StatusOK
	}
	return r.code
}

// pathFor fills the path's parameters from values.
func pathFor(path string, values map[string]string) string {
	for name, v := range values {
		path = strings.ReplaceAll(path, "{"+name+"}", url.PathEscape(v))
	}
	return path
}

func pathEscape(s string) string { return url.PathEscape(s) }

// detach returns a context with parent's cancellation and deadline but none
// of its values: the API call is a request of its own, and must not see the
// router state or the key of the MCP request that carries it.
func detach(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	if deadline, ok := parent.Deadline(); ok {
		var cancelDeadline context.CancelFunc
		ctx, cancelDeadline = context.WithDeadline(ctx, deadline)
		prev := cancel
		cancel = func() { cancelDeadline(); prev() }
	}
	stop := context.AfterFunc(parent, cancel)
	return ctx, func() { stop(); cancel() }
}

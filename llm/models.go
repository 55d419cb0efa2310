package llm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"

	"github.com/ollama/ollama/api"

	"github.com/evokg/evokg/llm/prompts"
)

// ScriptedMarker appears in the version reported by a scripted model server
// (llm/ollamafake); Server reports it so /readyz and the logs can say so.
const ScriptedMarker = "scripted-fake"

// Models is the model layer: one Ollama client shared by the guidance,
// execution and embedding layers.
type Models struct {
	cfg       Config
	conn      *conn
	guidance  *Guidance
	execution *Execution
	embedder  *Embedder
}

// conn is what every layer shares: the client, the recorder and the prompts.
type conn struct {
	client     *api.Client
	base       string
	rec        Recorder
	logger     *slog.Logger
	prompts    promptSet
	maxRepairs int
}

// New builds the model layer. hc must have a Timeout: a model call must
// never hang forever. rec may be nil (calls are then only logged).
func New(cfg Config, hc *http.Client, rec Recorder, logger *slog.Logger) (*Models, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if hc == nil || hc.Timeout <= 0 {
		return nil, errors.New("llm: the HTTP client must have a Timeout")
	}
	if logger == nil {
		return nil, errors.New("llm: a logger is required")
	}
	set, err := loadPrompts(prompts.FS)
	if err != nil {
		return nil, err
	}
	base, _ := url.Parse(strings.TrimRight(cfg.BaseURL, "/"))
	if rec == nil {
		rec = nopRecorder{}
	}
	c := &conn{client: api.NewClient(base, hc), base: base.String(), rec: rec,
		logger: logger.With(slog.String("model_server", base.String())), prompts: set, maxRepairs: cfg.MaxRepairs}
	return &Models{
		cfg:       cfg,
		conn:      c,
		guidance:  &Guidance{ep: endpoint{conn: c, layer: LayerGuidance, cfg: cfg.Guidance}},
		execution: &Execution{ep: endpoint{conn: c, layer: LayerExecution, cfg: cfg.Execution}},
		embedder:  newEmbedder(c, cfg),
	}, nil
}

// Config returns the effective configuration (defaults applied).
func (m *Models) Config() Config { return m.cfg }

// Guidance returns the guidance layer.
func (m *Models) Guidance() *Guidance { return m.guidance }

// Execution returns the execution layer; it cannot reach guidance models.
func (m *Models) Execution() *Execution { return m.execution }

// Embedder returns the embedder; it implements evokg.Embedder.
func (m *Models) Embedder() *Embedder { return m.embedder }

// ModelStatus says whether one configured model is on the server.
type ModelStatus struct {
	Layer   Layer  `json:"layer"`
	Model   string `json:"model"`
	Present bool   `json:"present"`
}

// Check lists which configured models the server has (/api/tags). The
// error is EUNAVAILABLE when the server cannot be reached; a missing model
// is reported in the statuses, not as an error.
func (m *Models) Check(ctx context.Context) ([]ModelStatus, error) {
	list, err := m.conn.client.List(ctx)
	if err != nil {
		terr, _ := m.conn.translate(ctx, "(tags)", err)
		return nil, terr
	}
	have := make(map[string]bool, len(list.Models))
	for _, mod := range list.Models {
		have[normalizeModel(mod.Name)] = true
		have[normalizeModel(mod.Model)] = true
	}
	want := []ModelStatus{
		{Layer: LayerGuidance, Model: m.cfg.Guidance.Model},
		{Layer: LayerExecution, Model: m.cfg.Execution.Model},
		{Layer: LayerEmbedding, Model: m.cfg.EmbeddingModel},
	}
	for i := range want {
		want[i].Present = have[normalizeModel(want[i].Model)]
	}
	return want, nil
}

// MissingModels returns an error naming every configured model the server
// lacks, with the command that fetches them, or nil.
func MissingModels(statuses []ModelStatus) error {
	var missing []string
	for _, s := range statuses {
		if !s.Present {
			missing = append(missing, s.Model)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("models missing on the server: %s; run `ollama pull %s`",
		strings.Join(missing, ", "), strings.Join(missing, " && ollama pull "))
}

// ServerInfo describes the model server.
type ServerInfo struct {
	URL      string `json:"url"`
	Version  string `json:"version"`
	Scripted bool   `json:"scripted"` // a scripted fake (llm/ollamafake), not a real model server
}

// Server asks the model server for its version and whether it is the
// scripted fake.
func (m *Models) Server(ctx context.Context) (ServerInfo, error) {
	v, err := m.conn.client.Version(ctx)
	if err != nil {
		terr, _ := m.conn.translate(ctx, "(version)", err)
		return ServerInfo{}, terr
	}
	return ServerInfo{URL: m.conn.base, Version: v, Scripted: strings.Contains(v, ScriptedMarker)}, nil
}

// normalizeModel adds the implicit ":latest" tag.
func normalizeModel(name string) string {
	if name == "" || strings.Contains(name, ":") {
		return name
	}
	return name + ":latest"
}

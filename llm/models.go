package llm

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"

	"go.opentelemetry.io/otel/trace"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/llm/prompts"
)

// ScriptedMarker appears in the version reported by a scripted model server
// (llm/ollamafake); Server reports it so /readyz and the logs can say so.
const ScriptedMarker = "scripted-fake"

// Models is the model layer: the teacher, learner and embedding layers,
// each on its configured server (roles on the same server share a client).
type Models struct {
	cfg      Config
	conn     *conn
	servers  map[Layer]*server
	teacher  *Teacher
	learner  *Learner
	embedder *Embedder
}

// conn is what every layer shares: the recorder, the logger and the prompts.
type conn struct {
	rec        Recorder
	logger     *slog.Logger
	prompts    promptSet
	variants   variants
	maxRepairs int
	tracer     trace.Tracer // no-op unless SetTracerProvider
	traced     bool
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
	if rec == nil {
		rec = nopRecorder{}
	}
	servers, err := newServers(cfg, hc)
	if err != nil {
		return nil, err
	}
	c := &conn{rec: rec, logger: logger, prompts: set, maxRepairs: cfg.MaxRepairs}
	return &Models{
		cfg:      cfg,
		conn:     c,
		servers:  servers,
		teacher:  &Teacher{ep: endpoint{conn: c, srv: servers[LayerTeacher], layer: LayerTeacher, cfg: cfg.Teacher}},
		learner:  &Learner{ep: endpoint{conn: c, srv: servers[LayerLearner], layer: LayerLearner, cfg: cfg.Learner}},
		embedder: newEmbedder(c, servers[LayerEmbedding], cfg),
	}, nil
}

// newServers builds one server per distinct (provider, URL, key) and maps
// every layer to its own.
func newServers(cfg Config, hc *http.Client) (map[Layer]*server, error) {
	keys := map[Layer]serverKey{
		LayerTeacher:   {cfg.Teacher.Provider, cfg.Teacher.BaseURL, cfg.Teacher.APIKey},
		LayerLearner:   {cfg.Learner.Provider, cfg.Learner.BaseURL, cfg.Learner.APIKey},
		LayerEmbedding: {cfg.EmbeddingProvider, cfg.EmbeddingURL, cfg.EmbeddingAPIKey},
	}
	byKey := map[serverKey]*server{}
	out := map[Layer]*server{}
	for layer, k := range keys {
		if s, ok := byKey[k]; ok {
			out[layer] = s
			continue
		}
		s, err := newServer(k, hc)
		if err != nil {
			return nil, err
		}
		byKey[k], out[layer] = s, s
	}
	return out, nil
}

// layers is the order in which layers are reported.
var layers = []Layer{LayerTeacher, LayerLearner, LayerEmbedding}

// Config returns the effective configuration (defaults applied).
func (m *Models) Config() Config { return m.cfg }

// Teacher returns the teacher layer.
func (m *Models) Teacher() *Teacher { return m.teacher }

// Learner returns the learner layer; it cannot reach teacher models.
func (m *Models) Learner() *Learner { return m.learner }

// Embedder returns the embedder; it implements evokg.Embedder.
func (m *Models) Embedder() *Embedder { return m.embedder }

// ModelStatus says whether one configured model is on its server.
type ModelStatus struct {
	Layer    Layer    `json:"layer"`
	Provider Provider `json:"provider"`
	URL      string   `json:"url"`
	Model    string   `json:"model"`
	Present  bool     `json:"present"`
}

func (m *Models) model(layer Layer) string {
	switch layer {
	case LayerTeacher:
		return m.cfg.Teacher.Model
	case LayerLearner:
		return m.cfg.Learner.Model
	}
	return m.cfg.EmbeddingModel
}

// Check lists which configured models their servers have (Ollama's
// /api/tags, OpenAI's /v1/models). The error is EUNAVAILABLE when a server
// cannot be reached; a missing model is reported in the statuses, not as an
// error.
func (m *Models) Check(ctx context.Context) ([]ModelStatus, error) {
	have := map[*server][]string{}
	out := make([]ModelStatus, 0, len(layers))
	for _, layer := range layers {
		s, model := m.servers[layer], m.model(layer)
		names, seen := have[s]
		if !seen {
			list, err := s.backend.models(ctx)
			if err != nil {
				terr, _ := s.translate(ctx, model, err)
				return nil, terr
			}
			for _, n := range list {
				names = append(names, s.normalizeModel(n))
			}
			have[s] = names
		}
		out = append(out, ModelStatus{Layer: layer, Provider: s.provider, URL: s.base, Model: model,
			Present: slices.Contains(names, s.normalizeModel(model))})
	}
	return out, nil
}

// MissingModels returns an error naming every configured model its server
// lacks, with the server and what to do, or nil.
func MissingModels(statuses []ModelStatus) error {
	var missing []string
	for _, s := range statuses {
		if s.Present {
			continue
		}
		hint := "load it on the server or change the configured model"
		if s.Provider == ProviderOllama {
			hint = "run `ollama pull " + s.Model + "`"
		}
		missing = append(missing, fmt.Sprintf("%s model %s is missing on the %s server %s (%s)", s.Layer, s.Model, s.Provider, s.URL, hint))
	}
	if len(missing) == 0 {
		return nil
	}
	return errors.New(strings.Join(missing, "; "))
}

// CheckDimension embeds one probe text and compares the vector's dimension
// with the configured EmbeddingDim. A mismatch is EINVALID naming the
// provider, model, URL and both dimensions. It returns the dimension the
// model produced.
func (m *Models) CheckDimension(ctx context.Context) (int, error) {
	s := m.servers[LayerEmbedding]
	res, err := m.embedder.send(ctx, []string{"EvoKG embedding dimension probe"}, true)
	if err != nil {
		return 0, err
	}
	if len(res.vectors) != 1 {
		return 0, &evokg.Error{Code: evokg.EINVALID, Message: fmt.Sprintf("embedding model %s on %s returned %d vectors for 1 text",
			m.cfg.EmbeddingModel, s.describe(), len(res.vectors))}
	}
	got := len(res.vectors[0])
	if got != m.cfg.EmbeddingDim {
		return got, &evokg.Error{Code: evokg.EINVALID, Message: fmt.Sprintf(
			"embedding model %s on %s returns %d dimensions, but EVOKG_EMBEDDING_DIM is %d; set it to %d (a database migrated with another dimension needs a new database)",
			m.cfg.EmbeddingModel, s.describe(), got, m.cfg.EmbeddingDim, got)}
	}
	return got, nil
}

// ServerInfo describes the model servers.
type ServerInfo struct {
	URL      string `json:"url"`      // every distinct server, comma-separated
	Version  string `json:"version"`  // their versions, in the same order
	Scripted bool   `json:"scripted"` // one is a scripted fake (llm/ollamafake), not a real model server
}

// Server asks every configured server for its version and whether it is
// the scripted fake. The first server that cannot be reached is the error.
func (m *Models) Server(ctx context.Context) (ServerInfo, error) {
	var urls, versions []string
	info := ServerInfo{}
	seen := map[*server]bool{}
	for _, layer := range layers {
		s := m.servers[layer]
		if seen[s] {
			continue
		}
		seen[s] = true
		v, err := s.backend.version(ctx)
		if err != nil {
			terr, _ := s.translate(ctx, m.model(layer), err)
			return ServerInfo{}, terr
		}
		urls, versions = append(urls, s.base), append(versions, v)
		info.Scripted = info.Scripted || strings.Contains(v, ScriptedMarker)
	}
	info.URL, info.Version = strings.Join(urls, ", "), strings.Join(versions, ", ")
	return info, nil
}

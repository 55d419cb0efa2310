// Package api serves EvoKG's versioned REST API over HTTP: a chi router
// whose routes equal the embedded OpenAPI document (openapi.yaml), API-key
// authentication bound to scopes and namespaces, RFC 9457 problems from one
// error table, and the operational endpoints /healthz, /readyz and /metrics.
//
// Handlers are thin: decode → validate → call a port → encode. The ports
// (evokg.ExperienceService, evokg.RetrievalService, …) are implemented by the other
// packages and wired by cmd/evokg; a route group is mounted only when its
// port is set in Deps.
package api

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/settings"
)

// Config configures the HTTP layer. Zero fields take the documented
// defaults. A setting's tags declare its command-line flag (cmd/evokg
// embeds Config in serve), its environment variable, its default and its
// help; WithDefaults fills zero fields from the same defaults.
type Config struct {
	// MaxBodyBytes bounds a request body (1 MiB).
	MaxBodyBytes int64 `name:"max-body" env:"EVOKG_MAX_BODY_BYTES" default:"1048576" help:"Request body limit in bytes."`
	// MaxBatchBodyBytes bounds a batch-ingest body (32 MiB).
	MaxBatchBodyBytes int64 `name:"max-batch-body" env:"EVOKG_MAX_BATCH_BODY_BYTES" default:"33554432" help:"Body limit of batch ingest in bytes."`
	// MaxBatchItems bounds the experiences of one batch.
	MaxBatchItems int `kong:"-" default:"1000"`
	// RequestTimeout bounds one request.
	RequestTimeout time.Duration `name:"request-timeout" env:"EVOKG_REQUEST_TIMEOUT" default:"30s" help:"Timeout of one request."`
	// BatchRequestTimeout bounds one batch-ingest request.
	BatchRequestTimeout time.Duration `kong:"-" default:"2m"`
	// CalibrationTimeout bounds one learner-profile calibration, which
	// answers every item with every candidate profile.
	CalibrationTimeout time.Duration `kong:"-" default:"10m"`
	// RateLimit is the number of requests one API key may make per
	// RateWindow; negative disables the limit.
	RateLimit int `name:"rate-limit" env:"EVOKG_RATE_LIMIT" default:"1200" help:"Requests per minute per API key (negative disables)."`
	// RateWindow is the rate-limit window.
	RateWindow time.Duration `kong:"-" default:"1m"`
	// CORSOrigins enables CORS for these origins; empty (default) disables it.
	CORSOrigins []string `name:"cors-origins" env:"EVOKG_CORS_ORIGINS" help:"Allowed CORS origins (CORS is off when empty)."`
	// CheckTimeout bounds each readiness check.
	CheckTimeout time.Duration `kong:"-" default:"3s"`
	// EmbeddingDim is the dimension of the embedding indexes. The served
	// document states it as the exact length of every embedding a request
	// may carry; zero keeps the document's own (768).
	EmbeddingDim int `kong:"-"`
	// MaxRunIterations and MaxRunPool are the evolution service's caps on
	// the iterations and the questions of one run; the served document
	// states them. Zero keeps the document's own (50 and 1000).
	MaxRunIterations int `kong:"-"`
	MaxRunPool       int `kong:"-"`
	// WebhookHosts is the operator's allow-list of webhook validator hosts
	// (host or host:port); the served document states it as the URL's
	// pattern and, when empty, offers no webhook validator.
	WebhookHosts []string `kong:"-"`
}

// Defaults, as Config's tags declare them.
var (
	DefaultMaxBodyBytes        = int(settings.Default[int64](Config{}, "MaxBodyBytes"))
	DefaultMaxBatchBodyBytes   = settings.Default[int64](Config{}, "MaxBatchBodyBytes")
	DefaultMaxBatchItems       = settings.Default[int](Config{}, "MaxBatchItems")
	DefaultRequestTimeout      = settings.Default[time.Duration](Config{}, "RequestTimeout")
	DefaultBatchRequestTimeout = settings.Default[time.Duration](Config{}, "BatchRequestTimeout")
	DefaultCalibrationTimeout  = settings.Default[time.Duration](Config{}, "CalibrationTimeout")
	DefaultRateLimit           = settings.Default[int](Config{}, "RateLimit")
	DefaultRateWindow          = settings.Default[time.Duration](Config{}, "RateWindow")
	DefaultCheckTimeout        = settings.Default[time.Duration](Config{}, "CheckTimeout")
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	settings.Fill(&c)
	return c
}

// Validate reports a configuration that cannot work, its zero fields taken
// at their defaults.
func (c Config) Validate() error {
	c = c.WithDefaults()
	switch {
	case c.MaxBodyBytes < 1 || c.MaxBatchBodyBytes < 1:
		return errors.New("api: body limits must be positive")
	case c.MaxBatchItems < 1:
		return errors.New("api: the batch item limit must be positive")
	case c.RequestTimeout <= 0 || c.BatchRequestTimeout <= 0 || c.CalibrationTimeout <= 0 || c.CheckTimeout <= 0:
		return errors.New("api: timeouts must be positive")
	case c.RateWindow <= 0:
		return errors.New("api: the rate window must be positive")
	case c.EmbeddingDim < 0 || c.MaxRunIterations < 0 || c.MaxRunPool < 0:
		return errors.New("api: the embedding dimension and the run caps must not be negative")
	}
	return nil
}

// Deps are the collaborators of the handler. Keys is required; every other
// port is optional and its routes are mounted only when it is set.
type Deps struct {
	Keys        Authenticator
	Namespaces  evokg.NamespaceService
	Experiences evokg.ExperienceService
	Utility     evokg.UtilityService
	Retriever   evokg.RetrievalService
	Answerer    evokg.AnswerService
	Skills      evokg.SkillService
	TaskTypes   evokg.TaskTypeService
	Declarer    evokg.TaskTypeDeclarer
	Profiles    evokg.LearnerProfileService
	Evolution   evokg.EvolutionService
	Tasks       evokg.TaskService
	EpochRuns   evokg.EpochRunService
	Graph       evokg.GraphService
	Usage       evokg.UsageService
	Bandits     evokg.BanditService
	Maintenance evokg.MaintenanceService
	Assets      evokg.AssetService
	Transfer    evokg.TransferService
	// Console, when set, is served at /console: the operator console's
	// pages, which call this API with the operator's key.
	Console http.Handler

	// RateCounts, when set, holds the per-key request counts of the rate
	// limit, shared by every process that uses it; nil counts in this
	// process alone.
	RateCounts RateCounts

	// Checks are the readiness checks by name (postgres, neo4j, ollama).
	Checks map[string]Check
	// Registerer receives the HTTP metrics; nil uses a private registry.
	Registerer prometheus.Registerer
	// Gatherer is served at /metrics; nil serves the private registry.
	Gatherer prometheus.Gatherer
}

// NewHandler builds the HTTP handler. It panics on an invalid Config, a
// missing Deps.Keys or an invalid embedded document, programming errors; call Config.Validate first to
// report configuration errors.
func NewHandler(cfg Config, deps Deps, logger *slog.Logger) http.Handler {
	cfg = cfg.WithDefaults()
	if err := cfg.Validate(); err != nil {
		panic(err)
	}
	if deps.Keys == nil {
		panic("api: Deps.Keys is required")
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if deps.Registerer == nil || deps.Gatherer == nil {
		reg := prometheus.NewRegistry()
		deps.Registerer, deps.Gatherer = orRegisterer(deps.Registerer, reg), orGatherer(deps.Gatherer, reg)
	}
	doc, err := newContract(cfg)
	if err != nil {
		panic(err)
	}
	s := &server{cfg: cfg, deps: deps, logger: logger, metrics: newMetrics(deps.Registerer), contract: doc}
	return s.routes()
}

func orRegisterer(r prometheus.Registerer, def *prometheus.Registry) prometheus.Registerer {
	if r == nil {
		return def
	}
	return r
}

func orGatherer(g prometheus.Gatherer, def *prometheus.Registry) prometheus.Gatherer {
	if g == nil {
		return def
	}
	return g
}

// server holds what the handlers share.
type server struct {
	cfg      Config
	deps     Deps
	logger   *slog.Logger
	metrics  *metrics
	contract *contract
}

// fail writes err as a problem.
func (s *server) fail(w http.ResponseWriter, r *http.Request, err error) {
	writeError(w, r, s.logger, err)
}

// String describes the mounted route groups, for logs.
func (d Deps) String() string {
	return fmt.Sprintf("namespaces=%t experiences=%t utility=%t retrieve=%t answer=%t skills=%t task_types=%t declarer=%t profiles=%t evolution=%t tasks=%t epoch_runs=%t graph=%t usage=%t bandits=%t maintenance=%t",
		d.Namespaces != nil, d.Experiences != nil, d.Utility != nil, d.Retriever != nil, d.Answerer != nil, d.Skills != nil,
		d.TaskTypes != nil, d.Declarer != nil, d.Profiles != nil, d.Evolution != nil, d.Tasks != nil, d.EpochRuns != nil, d.Graph != nil, d.Usage != nil, d.Bandits != nil, d.Maintenance != nil)
}

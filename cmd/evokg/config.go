package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/postgres"
)

// Globals is what every command receives.
type Globals struct {
	Ctx    context.Context
	Logger *slog.Logger
}

// LogFlags configure structured logging.
type LogFlags struct {
	Level  string `env:"EVOKG_LOG_LEVEL" default:"info" enum:"debug,info,warn,error" help:"Log level (${enum})."`
	Format string `env:"EVOKG_LOG_FORMAT" default:"json" enum:"json,text" help:"Log format (${enum})."`
}

// Logger builds the process logger.
func (f LogFlags) Logger(w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(f.Level))
	opts := &slog.HandlerOptions{Level: level}
	if f.Format == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// PostgresFlags locate the system of record.
type PostgresFlags struct {
	Postgres postgres.Config `embed:""`
}

// Config returns the postgres adapter's configuration.
func (f PostgresFlags) Config() postgres.Config {
	return f.Postgres
}

// Open connects to Postgres.
func (f PostgresFlags) Open(ctx context.Context) (*pgxpool.Pool, error) {
	return postgres.Open(ctx, f.Config())
}

// Neo4jFlags locate the graph database.
type Neo4jFlags struct {
	Graph graph.Config `embed:""`
}

// Config is the graph configuration the flags give.
func (f Neo4jFlags) Config() graph.Config {
	return f.Graph
}

// Open connects to Neo4j.
func (f Neo4jFlags) Open(ctx context.Context, logger *slog.Logger) (*graph.Graph, error) {
	return graph.Open(ctx, f.Config(), logger)
}

// OllamaFlags configure the model servers and the three model roles.
type OllamaFlags struct {
	Models llm.Settings `embed:""`
}

// HTTPClient returns the client every model call goes through; each call
// is bounded by its role's timeout, the client by the longest of them.
func (f OllamaFlags) HTTPClient() *http.Client {
	return &http.Client{Timeout: f.LLMConfig(0).Timeout()}
}

// LLMConfig returns the model layer's configuration.
func (f OllamaFlags) LLMConfig(embeddingDim int) llm.Config {
	return f.Models.Config(embeddingDim)
}

// openStores connects to both databases for commands that need no models.
func openStores(g *Globals, pf PostgresFlags, nf Neo4jFlags) (*pgxpool.Pool, *graph.Graph, func(), error) {
	pool, err := pf.Open(g.Ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	gr, err := nf.Open(g.Ctx, g.Logger)
	if err != nil {
		pool.Close()
		return nil, nil, nil, err
	}
	return pool, gr, func() { gr.Close(context.Background()); pool.Close() }, nil
}

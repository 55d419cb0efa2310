// Package postgres connects EvoKG to its system of record, Postgres with
// pgvector, and applies the migrations (EvoKG's own through goose, then
// River's job-queue schema through rivermigrate).
package postgres

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg/settings"
)

// Config configures the Postgres connection. A setting's tags declare its
// command-line flag (cmd/evokg embeds Config), its environment variable,
// its default and its help; WithDefaults fills zero fields from the same
// defaults.
type Config struct {
	// URL is a libpq connection URL. Default: the local stack's database.
	URL string `name:"postgres-url" env:"EVOKG_POSTGRES_URL" default:"postgres://evokg:evokg-local@127.0.0.1:5432/evokg?sslmode=disable" help:"Postgres URL (pgvector >= 0.8 required)."`
	// MaxConns bounds the pool.
	MaxConns int32 `name:"postgres-max-conns" env:"EVOKG_POSTGRES_MAX_CONNS" default:"20" help:"Postgres pool size."`
	// EmbeddingDim is the dimension D of the vector indexes
	// (evokg.DefaultEmbeddingDim, nomic-embed-text's, by default). It is
	// checked against the database at start.
	EmbeddingDim int `name:"embedding-dim" env:"EVOKG_EMBEDDING_DIM" default:"768" help:"Embedding dimension D of the vector indexes (must match the embedding model)."`
	// ConnectTimeout bounds the first connection.
	ConnectTimeout time.Duration `kong:"-" default:"10s"`
	// Tracer traces the pool's statements; nil traces nothing.
	Tracer pgx.QueryTracer `kong:"-"`
}

// Defaults, as Config's tags declare them.
var (
	DefaultURL      = settings.Default[string](Config{}, "URL")
	DefaultMaxConns = settings.Default[int32](Config{}, "MaxConns")
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	settings.Fill(&c)
	return c
}

func (c Config) validate() error {
	if c.EmbeddingDim < 1 || c.EmbeddingDim > 16000 {
		return fmt.Errorf("postgres: embedding dimension %d out of range 1..16000", c.EmbeddingDim)
	}
	if c.MaxConns < 2 {
		return fmt.Errorf("postgres: max connections %d, need at least 2", c.MaxConns)
	}
	return nil
}

// Open connects, checks that the server answers, that the credentials are
// accepted and that pgvector is available. Errors name what failed and where.
func Open(ctx context.Context, cfg Config) (*pgxpool.Pool, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	pc, err := pgxpool.ParseConfig(cfg.URL)
	if err != nil {
		return nil, fmt.Errorf("postgres: bad URL: %w", err)
	}
	pc.MaxConns = cfg.MaxConns
	pc.ConnConfig.RuntimeParams["evokg.embedding_dim"] = strconv.Itoa(cfg.EmbeddingDim)
	pc.ConnConfig.RuntimeParams["application_name"] = "evokg"
	pc.ConnConfig.Tracer = cfg.Tracer
	where := net.JoinHostPort(pc.ConnConfig.Host, strconv.Itoa(int(pc.ConnConfig.Port))) + "/" + pc.ConnConfig.Database
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, fmt.Errorf("postgres at %s: %w", where, err)
	}
	connectCtx, cancel := context.WithTimeout(ctx, cfg.ConnectTimeout)
	defer cancel()
	if err := checkServer(connectCtx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres at %s (user %s): %w", where, pc.ConnConfig.User, err)
	}
	return pool, nil
}

func checkServer(ctx context.Context, pool *pgxpool.Pool) error {
	if err := pool.Ping(ctx); err != nil {
		return describeConnectError(err)
	}
	var installed, available *string
	err := pool.QueryRow(ctx, queries.Get("extension_versions")).Scan(&installed, &available)
	if err != nil {
		return fmt.Errorf("checking pgvector: %w", err)
	}
	if installed == nil && available == nil {
		return errors.New("the pgvector extension is not installed on the server (need pgvector >= 0.8)")
	}
	return nil
}

// PurgeNamespace deletes every row of namespace ns, protected memories
// included. It is the only path that removes a protected memory.
func PurgeNamespace(ctx context.Context, pool *pgxpool.Pool, ns string) error {
	_, err := pool.Exec(ctx, queries.Get("purge_namespace"), ns)
	return err
}

// Package graph stores and queries the EvoKG/PKG knowledge graph in Neo4j:
// MAGE's capability, task, experience and environment subgraphs, APEX-EM's
// Procedural Knowledge Graph and Mem2Evolve's asset memory.
//
// Every statement lives in cypher/*.cypher, is parameterized and is scoped by
// $namespace; labels and relationship types are literal text in those files,
// never built from input. All work runs in managed transactions
// (ExecuteRead/ExecuteWrite) so transient errors and cluster leader changes
// are retried by the driver.
//
// Principles, failure memories and success memories are append-only: no
// method of this package deletes them or rewrites their content. Mutable
// slots (skill mastery, prompt template, strategy, status) can be captured
// with SnapshotSlots and restored with RestoreSlots.
package graph

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"go.opentelemetry.io/otel/trace"
	"go.opentelemetry.io/otel/trace/noop"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/settings"
)

// Config configures a Graph. The zero value plus WithDefaults is usable
// against the local stack.
//
// A setting's tags declare its command-line flag (cmd/evokg embeds
// Config), its environment variable, its default and its help;
// WithDefaults fills the zero connection settings and caps from the same
// defaults. The password's default is the local stack's; an empty one
// stays empty.
type Config struct {
	URI      string `name:"neo4j-uri" env:"EVOKG_NEO4J_URI" default:"neo4j://127.0.0.1:7687" help:"Neo4j URI (neo4j:// routes in a cluster, bolt:// is direct)."`
	User     string `name:"neo4j-user" env:"EVOKG_NEO4J_USER" default:"neo4j" help:"Neo4j user."`
	Password string `name:"neo4j-password" env:"EVOKG_NEO4J_PASSWORD" default:"evokg-local-neo4j" zero:"kept" help:"Neo4j password."`
	Database string `name:"neo4j-database" env:"EVOKG_NEO4J_DATABASE" default:"neo4j" help:"Neo4j database."`

	// MaxSkills and MaxPrinciples cap skills per namespace and principles
	// per skill (evokg.DefaultMaxSkills, evokg.DefaultMaxPrinciples).
	MaxSkills     int `name:"max-skills" env:"EVOKG_MAX_SKILLS" default:"30" help:"Cap on skills per namespace."`
	MaxPrinciples int `name:"max-principles" env:"EVOKG_MAX_PRINCIPLES" default:"12" help:"Cap on principles per skill."`

	// ResolveThreshold is τ_r: a mention resolves to an existing operation or
	// entity when the cosine similarity of their embeddings is at least this
	// (default 0.9). When the two best candidates are within ResolveMargin of
	// each other (default 0.03) the Disambiguator decides.
	ResolveThreshold float64 `kong:"-"`
	ResolveMargin    float64 `kong:"-"`

	MasteryTheta float64 `kong:"-"` // θ; default 0.5

	// StructuralThreshold is the LCS similarity above which
	// STRUCTURALLY_SIMILAR_TO is drawn (default 0.6); SimilarThreshold the
	// cosine above which SIMILAR_TO is drawn (default 0.85).
	StructuralThreshold float64 `kong:"-"`
	SimilarThreshold    float64 `kong:"-"`

	// CandidateLimit bounds the experiences compared by exact LCS in Go after
	// the shared-operation pre-filter in Cypher (default 500).
	CandidateLimit int `kong:"-"`

	// StructuralWindow is how many of the newest experiences of a namespace
	// (of a task type, for a search within one) are candidates for a
	// structural match (default 5000): the cost of a match stays the same
	// however large the namespace grows.
	StructuralWindow int `kong:"-"`

	// StructuralLinks bounds the STRUCTURALLY_SIMILAR_TO edges drawn for one
	// new experience to its most similar candidates (default 10), so popular
	// signatures do not grow hubs that make 2-hop traversals explode.
	StructuralLinks int `kong:"-"`

	TxTimeout time.Duration `kong:"-"` // per managed transaction; default 30s
}

// Connection defaults, as Config's tags declare them.
var (
	DefaultURI      = settings.Default[string](Config{}, "URI")
	DefaultUser     = settings.Default[string](Config{}, "User")
	DefaultDatabase = settings.Default[string](Config{}, "Database")
)

// WithDefaults returns c with every unset field at its documented default.
func (c Config) WithDefaults() Config {
	settings.Fill(&c)
	c.ResolveThreshold = cmp.Or(c.ResolveThreshold, 0.9)
	c.ResolveMargin = cmp.Or(c.ResolveMargin, 0.03)
	c.MasteryTheta = cmp.Or(c.MasteryTheta, evokg.DefaultMasteryTheta)
	c.StructuralThreshold = cmp.Or(c.StructuralThreshold, evokg.DefaultStructuralThreshold)
	c.SimilarThreshold = cmp.Or(c.SimilarThreshold, evokg.DefaultSemanticEdgeThreshold)
	c.CandidateLimit = cmp.Or(c.CandidateLimit, 500)
	c.StructuralWindow = cmp.Or(c.StructuralWindow, 5000)
	c.StructuralLinks = cmp.Or(c.StructuralLinks, 10)
	if c.TxTimeout == 0 {
		c.TxTimeout = 30 * time.Second
	}
	return c
}

func (c Config) validate() error {
	var v evokg.FieldErrors
	v.Check(c.URI != "", "/uri", "is required")
	v.Check(c.MaxSkills > 0, "/max_skills", "must be positive")
	v.Check(c.MaxPrinciples > 0, "/max_principles", "must be positive")
	v.Check(c.ResolveThreshold > 0 && c.ResolveThreshold <= 1, "/resolve_threshold", "must be in (0, 1]")
	v.Check(c.ResolveMargin >= 0 && c.ResolveMargin < 1, "/resolve_margin", "must be in [0, 1)")
	v.Check(c.MasteryTheta > 0 && c.MasteryTheta <= 1, "/mastery_theta", "must be in (0, 1]")
	v.Check(c.StructuralThreshold > 0 && c.StructuralThreshold <= 1, "/structural_threshold", "must be in (0, 1]")
	v.Check(c.SimilarThreshold > 0 && c.SimilarThreshold <= 1, "/similar_threshold", "must be in (0, 1]")
	v.Check(c.CandidateLimit > 0, "/candidate_limit", "must be positive")
	v.Check(c.StructuralWindow > 0, "/structural_window", "must be positive")
	v.Check(c.StructuralLinks > 0, "/structural_links", "must be positive")
	v.Check(c.TxTimeout > 0, "/tx_timeout", "must be positive")
	return v.Err()
}

// Graph is the Neo4j adapter. It is safe for concurrent use.
type Graph struct {
	cfg    Config
	driver neo4j.DriverWithContext
	logger *slog.Logger

	embedder      evokg.Embedder
	disambiguator evokg.Disambiguator

	windows *signatureWindows // cross-type structural match candidates
	reads   *readLatencies    // recent read transactions' durations
	tracer  trace.Tracer      // no-op unless SetTracerProvider
}

var (
	_ evokg.GraphService     = (*Graph)(nil)
	_ evokg.TaskTypeDeclarer = (*Graph)(nil)
)

// Open connects to Neo4j and verifies connectivity and credentials.
func Open(ctx context.Context, cfg Config, logger *slog.Logger) (*Graph, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	driver, err := neo4j.NewDriverWithContext(cfg.URI, neo4j.BasicAuth(cfg.User, cfg.Password, ""))
	if err != nil {
		return nil, &evokg.Error{Code: evokg.EINVALID, Message: fmt.Sprintf("neo4j at %s: bad configuration", cfg.URI), Err: err}
	}
	g := &Graph{cfg: cfg, driver: driver, logger: logger, windows: newSignatureWindows(), reads: &readLatencies{},
		tracer: noop.NewTracerProvider().Tracer("")}
	if err := g.Ping(ctx); err != nil {
		_ = driver.Close(ctx)
		return nil, err
	}
	logger.InfoContext(ctx, "neo4j connected", slog.String("uri", cfg.URI), slog.String("database", cfg.Database))
	return g, nil
}

// Config returns the effective configuration.
func (g *Graph) Config() Config { return g.cfg }

// Close releases the driver's connections.
func (g *Graph) Close(ctx context.Context) error { return g.driver.Close(ctx) }

// Ping verifies that Neo4j answers and accepts the credentials.
func (g *Graph) Ping(ctx context.Context) error {
	if err := g.driver.VerifyConnectivity(ctx); err != nil {
		return g.translate("ping", err)
	}
	return nil
}

// ProcessCPU returns the CPU time the Neo4j server process has used since
// it started (JMX), for the benches' per-process figures. It needs a user
// allowed to call dbms.queryJmx.
func (g *Graph) ProcessCPU(ctx context.Context) (time.Duration, error) {
	return readTx(ctx, g, "process cpu", func(ctx context.Context, tx neo4j.ManagedTransaction) (time.Duration, error) {
		res, err := tx.Run(ctx, serverQueries.Get("process_cpu"), nil)
		if err != nil {
			return 0, err
		}
		rec, err := res.Single(ctx)
		if err != nil {
			return 0, err
		}
		ns, ok := rec.Values[0].(int64)
		if !ok {
			return 0, fmt.Errorf("process cpu: got %T", rec.Values[0])
		}
		return time.Duration(ns), nil
	})
}

// SetEmbedder sets the embedder used to resolve operations and entities.
// Without one, mentions resolve by exact normalized name. Call it before
// the Graph is shared between goroutines.
func (g *Graph) SetEmbedder(e evokg.Embedder) { g.embedder = e }

// SetTracerProvider traces the graph's transactions and statements into
// tp, each a child of the span that runs it (none outside a span). Call
// it before the Graph is shared.
func (g *Graph) SetTracerProvider(tp trace.TracerProvider) { g.tracer = tp.Tracer(tracerScope) }

// SetDisambiguator sets the hook asked when the two best resolution
// candidates are within ResolveMargin. Call it before the Graph is shared.
func (g *Graph) SetDisambiguator(d evokg.Disambiguator) { g.disambiguator = d }

// translate maps driver errors into domain errors. Domain errors raised
// inside transaction functions pass through unchanged.
func (g *Graph) translate(op string, err error) error {
	var de *evokg.Error
	if errors.As(err, &de) {
		return err
	}
	var ne *neo4j.Neo4jError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return &evokg.Error{Code: evokg.ETIMEOUT, Message: fmt.Sprintf("neo4j at %s: %s timed out", g.cfg.URI, op), Err: err}
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("graph: %s: %w", op, err)
	case errors.As(err, &ne) && (ne.IsAuthenticationFailed() || strings.HasPrefix(ne.Code, "Neo.ClientError.Security.")):
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Message: fmt.Sprintf("neo4j at %s: authentication failed", g.cfg.URI), Err: err}
	case errors.As(err, &ne) && strings.Contains(ne.Code, "ConstraintValidationFailed"):
		return &evokg.Error{Code: evokg.ECONFLICT, Message: "the graph already holds an entity with that key", Err: err}
	case errors.As(err, &ne) && strings.Contains(ne.Code, "TransactionTimedOut"):
		return &evokg.Error{Code: evokg.ETIMEOUT, Message: fmt.Sprintf("neo4j at %s: %s timed out", g.cfg.URI, op), Err: err}
	case errors.As(err, &ne) && strings.HasPrefix(ne.Code, "Neo.TransientError."):
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Message: fmt.Sprintf("neo4j at %s: %s failed transiently", g.cfg.URI, op), Err: err}
	case errors.As(err, &ne):
		return &evokg.Error{Code: evokg.EINTERNAL, Message: "graph query failed", Err: fmt.Errorf("%s: %w", op, err)}
	case isUnreachable(err):
		return &evokg.Error{Code: evokg.EUNAVAILABLE, Message: fmt.Sprintf("neo4j at %s: unreachable", g.cfg.URI), Err: err}
	}
	return &evokg.Error{Code: evokg.EINTERNAL, Message: "graph operation failed", Err: fmt.Errorf("%s: %w", op, err)}
}

func isUnreachable(err error) bool {
	var ce *neo4j.ConnectivityError
	var le *neo4j.TransactionExecutionLimit
	if errors.As(err, &ce) || errors.As(err, &le) {
		return true
	}
	msg := err.Error()
	return strings.Contains(msg, "connect") || strings.Contains(msg, "routing") || strings.Contains(msg, "dial")
}

// txFunc is a unit of work run inside a managed transaction.
type txFunc[T any] func(ctx context.Context, tx neo4j.ManagedTransaction) (T, error)

func readTx[T any](ctx context.Context, g *Graph, op string, fn txFunc[T]) (T, error) {
	return runTx(ctx, g, op, neo4j.AccessModeRead, fn)
}

func writeTx[T any](ctx context.Context, g *Graph, op string, fn txFunc[T]) (T, error) {
	return runTx(ctx, g, op, neo4j.AccessModeWrite, fn)
}

func runTx[T any](ctx context.Context, g *Graph, op string, mode neo4j.AccessMode, fn txFunc[T]) (v T, err error) {
	ctx, span := g.txSpan(ctx, op, mode)
	defer func() { endSpan(span, err) }()
	session := g.driver.NewSession(ctx, neo4j.SessionConfig{DatabaseName: g.cfg.Database, AccessMode: mode})
	defer session.Close(ctx)
	work := func(tx neo4j.ManagedTransaction) (T, error) { return fn(ctx, tx) }
	timeout := neo4j.WithTxTimeout(g.cfg.TxTimeout)
	if mode == neo4j.AccessModeRead {
		start := time.Now()
		v, err = neo4j.ExecuteRead(ctx, session, work, timeout)
		g.reads.add(op, time.Now(), time.Since(start))
	} else {
		v, err = neo4j.ExecuteWrite(ctx, session, work, timeout)
	}
	if err != nil {
		return v, g.translate(op, err)
	}
	return v, nil
}

// run executes the named statement of cypher/ and collects its records.
func run(ctx context.Context, tx neo4j.ManagedTransaction, name string, params map[string]any) (recs []*neo4j.Record, err error) {
	text := queries.Get(name)
	ctx, span := statementSpan(ctx, name, text)
	defer func() { endSpan(span, err) }()
	res, err := tx.Run(ctx, text, params)
	if err != nil {
		return nil, err
	}
	return res.Collect(ctx)
}

// exec runs a statement that returns nothing of interest.
func exec(ctx context.Context, tx neo4j.ManagedTransaction, name string, params map[string]any) (err error) {
	text := queries.Get(name)
	ctx, span := statementSpan(ctx, name, text)
	defer func() { endSpan(span, err) }()
	res, err := tx.Run(ctx, text, params)
	if err != nil {
		return err
	}
	_, err = res.Consume(ctx)
	return err
}

// single runs a statement that returns at most one record; ok is false when
// it returns none.
func single(ctx context.Context, tx neo4j.ManagedTransaction, name string, params map[string]any) (*neo4j.Record, bool, error) {
	recs, err := run(ctx, tx, name, params)
	if err != nil || len(recs) == 0 {
		return nil, false, err
	}
	return recs[0], true, nil
}

// writeOne runs one write statement in its own managed transaction.
func (g *Graph) writeOne(ctx context.Context, name string, params map[string]any) ([]*neo4j.Record, error) {
	return writeTx(ctx, g, name, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]*neo4j.Record, error) {
		return run(ctx, tx, name, params)
	})
}

// readOne runs one read statement in its own managed transaction.
func (g *Graph) readOne(ctx context.Context, name string, params map[string]any) ([]*neo4j.Record, error) {
	return readTx(ctx, g, name, func(ctx context.Context, tx neo4j.ManagedTransaction) ([]*neo4j.Record, error) {
		return run(ctx, tx, name, params)
	})
}

// params builds a statement's parameters, always including the namespace.
func params(ns string, kv ...any) map[string]any {
	p := map[string]any{"namespace": ns}
	for i := 0; i+1 < len(kv); i += 2 {
		p[kv[i].(string)] = kv[i+1]
	}
	return p
}

func checkNamespace(ns string) error {
	if !evokg.ValidNamespace(ns) {
		return evokg.Invalid(evokg.FieldError{Pointer: "/namespace", Detail: "must be 1-63 lower-case letters, digits, '-' or '_'"})
	}
	return nil
}

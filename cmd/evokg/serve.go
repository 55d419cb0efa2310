package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/console"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/runs"
)

// ServeCmd runs the REST API.
type ServeCmd struct {
	AppFlags `embed:""`
	API      api.Config  `embed:""`
	Bounds   runs.Bounds `embed:""`

	Addr            string        `env:"EVOKG_ADDR" default:"127.0.0.1:8080" help:"Listen address of the API."`
	ShutdownTimeout time.Duration `name:"shutdown-timeout" env:"EVOKG_SHUTDOWN_TIMEOUT" default:"20s" help:"Grace period for in-flight requests at shutdown."`
	WarmRounds      int           `name:"warm-rounds" env:"EVOKG_WARM_ROUNDS" default:"30" help:"Rounds of the platform's Neo4j queries run at start, in a throwaway namespace, before /readyz says ready (0 skips the warm-up)."`
	BrowserURL      string        `name:"neo4j-browser-url" env:"EVOKG_NEO4J_BROWSER_URL" help:"Neo4j Browser's address, linked from the console's pages (none when empty)."`
	// WarmOnData's default: the JVM goes on compiling for the shapes of
	// real data for about 20 s of reads, which the first users paid for
	// before (docs/benchmarks.md).
	WarmOnData time.Duration `name:"warm-on-data" env:"EVOKG_WARM_ON_DATA" default:"20s" help:"After the rounds, how long the read queries alone run on the namespaces written to most recently before /readyz says ready (0: none)."`
}

// bounds are the bounds of active runs; 0 would refuse every start.
func (c *ServeCmd) bounds() (runs.Bounds, error) {
	if c.Bounds.PerKey == 0 || c.Bounds.PerTenant == 0 {
		return runs.Bounds{}, fmt.Errorf("--active-runs-per-key %d, --active-runs-per-tenant %d: 0 would refuse every run; a negative value sets no bound",
			c.Bounds.PerKey, c.Bounds.PerTenant)
	}
	return c.Bounds, nil
}

func (c *ServeCmd) apiConfig() api.Config {
	caps := c.Evolution.WithDefaults()
	cfg := c.API
	cfg.MaxRunIterations, cfg.MaxRunPool, cfg.WebhookHosts = caps.MaxIterations, caps.MaxPoolSize, c.Tasks.Validators.WebhookHosts
	return cfg.WithDefaults()
}

func (c *ServeCmd) Run(g *Globals) error {
	cfg := c.apiConfig()
	if err := cfg.Validate(); err != nil {
		return err
	}
	appCfg := c.AppConfig()
	var err error
	if appCfg.Bounds, err = c.bounds(); err != nil {
		return err
	}
	a, err := app.Open(g.Ctx, appCfg, app.ModeAPI, g.Logger)
	if err != nil {
		return err
	}
	defer a.Close(context.Background())
	a.ReportModelServer(g.Ctx)
	a.StartGraphWarmUp(g.Ctx, graph.WarmOptions{Rounds: c.WarmRounds, OnData: c.WarmOnData})
	// The served document states the embedding dimension and the run caps
	// this process enforces.
	limits := a.Config.Evolution.WithDefaults()
	cfg.EmbeddingDim = a.Config.Postgres.WithDefaults().EmbeddingDim
	cfg.MaxRunIterations, cfg.MaxRunPool = limits.MaxIterations, limits.MaxPoolSize
	deps := a.APIDeps()
	deps.Console = console.Handler(console.Config{Neo4jBrowserURL: c.BrowserURL})
	srv := &http.Server{Addr: c.Addr, Handler: a.TraceHTTP(api.NewHandler(cfg, deps, g.Logger)),
		ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return g.Ctx }}
	return serveUntilDone(g.Ctx, srv, c.ShutdownTimeout, g.Logger)
}

// serveUntilDone serves until ctx ends, then shuts down gracefully.
func serveUntilDone(ctx context.Context, srv *http.Server, grace time.Duration, logger *slog.Logger) error {
	ln, err := net.Listen("tcp", srv.Addr)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", srv.Addr, err)
	}
	logger.InfoContext(ctx, "evokg API listening", slog.String("addr", ln.Addr().String()))
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down the API")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), grace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("graceful shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

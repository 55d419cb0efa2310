package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/app"
)

// WorkerCmd runs the background workers.
type WorkerCmd struct {
	AppFlags        `embed:""`
	ShutdownTimeout time.Duration `name:"shutdown-timeout" env:"EVOKG_SHUTDOWN_TIMEOUT" default:"30s" help:"Grace period for running jobs at shutdown; jobs still running then are cancelled and retried later."`
	WarmRounds      int           `name:"warm-rounds" env:"EVOKG_WARM_ROUNDS" default:"30" help:"Rounds of the platform's Neo4j queries run at start, in a throwaway namespace, before jobs are worked (0 skips the warm-up)."`
	WarmOnData      time.Duration `name:"warm-on-data" env:"EVOKG_WORKER_WARM_ON_DATA" default:"0s" help:"After the rounds, how long the read queries alone run on the namespaces written to most recently before jobs are worked (0: none; the worker serves no reads)."`
	HealthAddr      string        `name:"health-addr" env:"EVOKG_WORKER_HEALTH_ADDR" help:"Listen address of the worker's /healthz (200 while the process runs) and /readyz (200 once it works jobs) for container probes; none when empty."`
}

func (c *WorkerCmd) Run(g *Globals) error {
	var ready atomic.Bool
	stopHealth, _, err := startHealth(c.HealthAddr, &ready, g.Logger)
	if err != nil {
		return err
	}
	defer stopHealth()
	a, err := c.Open(g.Ctx, app.ModeWorker, g.Logger)
	if err != nil {
		return err
	}
	defer a.Close(context.Background())
	a.ReportModelServer(g.Ctx)
	a.WarmGraph(g.Ctx, graph.WarmOptions{Rounds: c.WarmRounds, OnData: c.WarmOnData})
	// Jobs run on their own context: cancelling g.Ctx must not cut them short.
	if err := a.StartJobs(context.WithoutCancel(g.Ctx)); err != nil {
		return err
	}
	ready.Store(true)
	g.Logger.InfoContext(g.Ctx, "evokg worker started")
	<-g.Ctx.Done()
	ready.Store(false)
	g.Logger.Info("stopping the worker: finishing running jobs", slog.Duration("grace", c.ShutdownTimeout))
	stopCtx, cancel := context.WithTimeout(context.Background(), c.ShutdownTimeout)
	defer cancel()
	return a.StopJobs(stopCtx)
}

// startHealth serves the worker's /healthz and /readyz on addr (nothing when
// addr is empty) and returns the function that stops it and the address it
// listens on.
func startHealth(addr string, ready *atomic.Bool, logger *slog.Logger) (stop func(), bound string, err error) {
	if addr == "" {
		return func() {}, "", nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", fmt.Errorf("--health-addr: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		writeStatus(w, http.StatusOK, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, _ *http.Request) {
		if !ready.Load() {
			writeStatus(w, http.StatusServiceUnavailable, "unready")
			return
		}
		writeStatus(w, http.StatusOK, "ready")
	})
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	logger.Info("worker health endpoints listening", slog.String("addr", ln.Addr().String()))
	return func() { _ = srv.Close() }, ln.Addr().String(), nil
}

func writeStatus(w http.ResponseWriter, code int, status string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	fmt.Fprintf(w, "{\"status\":%q}\n", status)
}

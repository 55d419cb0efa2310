package main

import (
	"context"
	"log/slog"
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
}

func (c *WorkerCmd) Run(g *Globals) error {
	a, err := c.Open(g.Ctx, app.ModeWorker, g.Logger)
	if err != nil {
		return err
	}
	defer a.Close(context.Background())
	a.ReportModelServer(g.Ctx)
	a.WarmGraph(g.Ctx, graph.WarmOptions{Rounds: c.WarmRounds, OnData: c.WarmOnData})
	// Jobs run on their own context: cancelling g.Ctx must not cut them short.
	if err := a.Jobs.Start(context.WithoutCancel(g.Ctx)); err != nil {
		return err
	}
	g.Logger.InfoContext(g.Ctx, "evokg worker started")
	<-g.Ctx.Done()
	g.Logger.Info("stopping the worker: finishing running jobs", slog.Duration("grace", c.ShutdownTimeout))
	stopCtx, cancel := context.WithTimeout(context.Background(), c.ShutdownTimeout)
	defer cancel()
	if err := a.Jobs.Stop(stopCtx); err != nil {
		g.Logger.Warn("jobs still running at the end of the grace period were cancelled; they will be retried", slog.Any("error", err))
		return a.Jobs.StopAndCancel(context.Background())
	}
	return nil
}

package app

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"

	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/graph"
)

// graphWarmth is where the process's Neo4j warm-up stands; /readyz reports
// neo4j "warming" (not ready) while it runs.
type graphWarmth struct {
	running atomic.Bool
	done    sync.WaitGroup
}

// StartGraphWarmUp runs WarmGraph in the background; /readyz says neo4j is
// warming from this call until it ends, and Close waits for it.
func (a *App) StartGraphWarmUp(ctx context.Context, opts graph.WarmOptions) {
	if opts.Rounds <= 0 {
		return
	}
	a.warmth.running.Store(true)
	a.warmth.done.Go(func() { a.WarmGraph(ctx, opts) })
}

// WaitGraphWarmUp waits for a warm-up started by StartGraphWarmUp.
func (a *App) WaitGraphWarmUp() { a.warmth.done.Wait() }

// WarmGraph runs the platform's queries against Neo4j (graph.Warm) before
// the process serves: a freshly started Neo4j plans and compiles each query
// on first use, which made the first minutes 3–10× slower. Rounds ≤ 0
// skips it. A failed warm-up is logged and does not stop the process.
func (a *App) WarmGraph(ctx context.Context, opts graph.WarmOptions) {
	if opts.Rounds <= 0 {
		return
	}
	a.warmth.running.Store(true)
	defer a.warmth.running.Store(false)
	rep, err := a.Graph.Warm(ctx, opts)
	switch {
	case err != nil && ctx.Err() != nil:
		a.logger.InfoContext(ctx, "neo4j warm-up stopped by shutdown")
		return
	case err != nil:
		a.logger.WarnContext(ctx, "neo4j warm-up failed; serving cold", slog.Any("error", err))
		return
	}
	a.logger.InfoContext(ctx, "neo4j warmed", slog.Int("rounds", rep.Rounds), slog.Int("queries", rep.Queries),
		slog.Any("data_namespaces", rep.DataNamespaces), slog.Int("data_reads", rep.DataReads), slog.Duration("took", rep.Took))
}

// checkNeo4j is up when Neo4j answers and the warm-up is not running.
func (a *App) checkNeo4j(ctx context.Context) api.CheckResult {
	if err := a.Graph.Ping(ctx); err != nil {
		return result(err)
	}
	if a.warmth.running.Load() {
		return api.CheckResult{Status: api.CheckWarming, Detail: "running the platform's queries once so that the first requests do not pay for plan compilation"}
	}
	return api.CheckResult{Status: api.CheckUp}
}

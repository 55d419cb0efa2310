// Package app wires EvoKG's adapters and services into one process: the
// API server (insert-only job client) or the worker (full job client). It
// is the only place that knows every package; cmd/evokg turns flags into
// a Config and calls Open.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg/answer"
	"github.com/evokg/evokg/assets"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/explorer"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/maintenance"
	"github.com/evokg/evokg/memswitch"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/runs"
	"github.com/evokg/evokg/tasks"
	"github.com/evokg/evokg/telemetry"
	"github.com/evokg/evokg/transfer"
	"github.com/evokg/evokg/usage"
	"github.com/evokg/evokg/utility"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

// Config is everything a process needs.
type Config struct {
	Postgres  postgres.Config
	Graph     graph.Config
	LLM       llm.Config
	HTTP      *http.Client // for model calls; must have a Timeout
	Retrieval retrieval.Config
	Ingest    ingest.Config
	Workers   workers.Config
	Bandit    bandit.Config
	Cascade   cascade.Config
	// Evolution are the admission caps of evolution runs; a worker process
	// executes at most Evolution.RunsPerWorker runs at once.
	Evolution evolution.Limits
	// Mechanisms switches evolution's guidance mechanisms off (all on by default).
	Mechanisms evolution.Mechanisms
	// Utility is when live evidence quarantines a memory.
	Utility utility.Policy
	// Assets tunes the asset memory (tools and expert agents).
	Assets assets.Config
	// Tasks tunes the task engine (validators, tasks per worker).
	Tasks tasks.Config
	// Bounds cap the active background runs (evolution runs, epoch runs,
	// tasks) the API starts per API key and per tenant.
	Bounds runs.Bounds
	// Migrate applies Postgres migrations and the Neo4j schema at start.
	Migrate bool
	// Tracing is where spans go; nil reads the OTEL_* variables
	// (telemetry.FromEnv: off unless OTEL_TRACES_EXPORTER is set).
	Tracing *telemetry.Tracing
}

// Mode selects which job client the process gets.
type Mode int

const (
	// ModeAPI inserts jobs but never works them.
	ModeAPI Mode = iota
	// ModeWorker works ingest and evolution jobs.
	ModeWorker
	// ModeIngest works ingest jobs only: `evokg evolve` runs its own run in
	// process and leaves the runs queued through the API to the workers.
	ModeIngest
)

// App holds the open adapters and the services built on them.
type App struct {
	Pool        *pgxpool.Pool
	Graph       *graph.Graph
	Models      *llm.Models
	Recorder    *usage.Recorder
	Vectors     *vector.Store
	Retriever   *retrieval.Retriever
	Ingest      *ingest.Service
	Tasks       *tasks.Engine
	Bandits     *bandit.Bandit
	Cascade     *cascade.Builder
	Answer      *answer.Service
	Engine      *evolution.Engine
	Evolution   *evolution.Service
	Jobs        *river.Client[pgx.Tx]
	stopBeats   func()
	Maintenance *maintenance.Service
	Assets      *assets.Service
	Utility     *utility.Store
	Profiles    *profile.Store
	Transfer    *transfer.Service
	Registry    *prometheus.Registry
	Config      Config
	logger      *slog.Logger
	warmth      graphWarmth
	tracing     *telemetry.Tracing
	ownTracing  bool // built from the environment here, so flushed by Close
}

// Open connects to Postgres and Neo4j, optionally migrates, and builds
// every service. Errors name the dependency that failed.
func Open(ctx context.Context, cfg Config, mode Mode, logger *slog.Logger) (*App, error) {
	a := &App{Config: cfg, logger: logger, Registry: prometheus.NewRegistry()}
	a.Registry.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	steps := []func(context.Context) error{a.openTracing, a.openPostgres, a.openGraph, a.openModels, a.buildServices}
	for _, step := range steps {
		if err := step(ctx); err != nil {
			a.Close(context.WithoutCancel(ctx))
			return nil, err
		}
	}
	if err := a.openJobs(mode); err != nil {
		a.Close(context.WithoutCancel(ctx))
		return nil, err
	}
	return a, nil
}

// openTracing sets up tracing: the statements, transactions, model calls,
// jobs and memory operations of the process become spans when it is on.
func (a *App) openTracing(ctx context.Context) error {
	a.tracing = a.Config.Tracing
	if a.tracing == nil {
		t, err := telemetry.FromEnv(ctx)
		if err != nil {
			return err
		}
		a.tracing, a.ownTracing = t, true
	}
	a.Config.Workers.Middleware = slices.Concat(a.Config.Workers.Middleware, a.tracing.RiverMiddleware())
	return nil
}

func (a *App) openPostgres(ctx context.Context) error {
	cfg := a.Config.Postgres
	if cfg.Tracer == nil {
		cfg.Tracer = a.tracing.PgxTracer()
	}
	pool, err := postgres.Open(ctx, cfg)
	if err != nil {
		return err
	}
	a.Pool = pool
	if a.Config.Migrate {
		m, err := postgres.NewMigrator(pool)
		if err != nil {
			return err
		}
		if err := m.Up(ctx); err != nil {
			return fmt.Errorf("postgres migrations: %w", err)
		}
	}
	return vector.CheckDimension(ctx, pool, a.Config.Postgres.WithDefaults().EmbeddingDim)
}

func (a *App) openGraph(ctx context.Context) error {
	g, err := graph.Open(ctx, a.Config.Graph, a.logger)
	if err != nil {
		return err
	}
	a.Graph = g
	if a.tracing.Enabled() {
		g.SetTracerProvider(a.tracing.Provider)
	}
	if a.Config.Migrate {
		if err := g.ApplySchema(ctx); err != nil {
			return fmt.Errorf("neo4j schema: %w", err)
		}
	}
	return nil
}

func (a *App) openModels(context.Context) error {
	a.Recorder = usage.NewRecorder(a.Pool, a.Registry)
	models, err := llm.New(a.Config.LLM, a.Config.HTTP, a.Recorder, a.logger)
	if err != nil {
		return err
	}
	a.Models = models
	if a.tracing.Enabled() {
		models.SetTracerProvider(a.tracing.Provider)
	}
	a.Graph.SetEmbedder(models.Embedder())
	a.Graph.SetDisambiguator(models.Teacher())
	return nil
}

func (a *App) buildServices(context.Context) error {
	if err := a.Config.Retrieval.WithDefaults().Validate(); err != nil {
		return fmt.Errorf("retrieval: %w", err)
	}
	a.Vectors = vector.NewStore(a.Pool, a.Config.Postgres.WithDefaults().EmbeddingDim).
		WithEfSearch(a.Config.Retrieval.WithDefaults().EfSearch)
	a.Retriever = retrieval.New(a.Config.Retrieval, a.Vectors, a.Graph, a.Models.Embedder(), a.logger)
	packs := a.tracing.Packs(a.Retriever)
	var err error
	if a.Bandits, err = bandit.New(a.Pool, a.Config.Bandit, a.logger); err != nil {
		return err
	}
	if a.Cascade, err = cascade.New(a.Config.Cascade, a.Graph, a.Pool); err != nil {
		return err
	}
	if a.Assets, err = assets.New(a.Config.Assets, a.Pool, a.Graph, a.Vectors, a.Models.Embedder(), a.logger); err != nil {
		return fmt.Errorf("assets: %w", err)
	}
	a.Profiles = profile.NewStore(a.Pool)
	a.Answer = answer.New(a.Models.Learner(), packs, a.Cascade, a.Bandits, a.Graph).WithRecords(answer.NewRecords(a.Pool, a.Bandits)).
		WithMemorySwitch(memswitch.NewStore(a.Pool)).WithTools(a.Assets, answer.ToolConfig{}).WithProfiles(a.Profiles).
		WithAgents(a.Assets)
	a.Transfer = transfer.New(a.Pool, a.Graph, a.logger)
	a.Maintenance, err = maintenance.New(a.Pool, maintenance.Config{}, a.logger)
	return err
}

// openJobs builds the job client. The ingest service inserts jobs through
// an insert-only client; a worker process then gets a full client working
// the ingest queues and (ModeWorker) the evolution queue.
func (a *App) openJobs(mode Mode) error {
	inserter, err := workers.NewInsertClient(a.Pool, a.Config.Workers, a.logger)
	if err != nil {
		return err
	}
	a.Utility = utility.NewStore(a.Pool, a.Vectors, inserter, a.Config.Utility)
	a.Bandits.WithCredit(a.Utility).WithToolGrades(a.Assets)
	ingestCfg := a.Config.Ingest
	ingestCfg.Reads = a.Graph
	a.Ingest = ingest.NewService(ingestCfg, a.Pool, inserter, a.Models.Embedder(), a.Vectors, a.logger)
	a.Registry.MustRegister(a.Ingest.Collectors()...)
	if a.Tasks, err = a.newTasks(inserter); err != nil {
		return err
	}
	if a.Engine, err = a.newEngine(); err != nil {
		return err
	}
	a.Jobs = inserter
	if mode != ModeAPI {
		if a.Jobs, err = a.newWorkerClient(mode); err != nil {
			return err
		}
	}
	a.Evolution = evolution.NewService(a.Engine, a.Jobs).WithBounds(a.Config.Bounds)
	return nil
}

// StartJobs starts working jobs (a worker process, or a run in process)
// with the process's heartbeat (workers.Liveness).
func (a *App) StartJobs(ctx context.Context) error {
	if err := a.Jobs.Start(ctx); err != nil {
		return err
	}
	live := workers.NewLiveness(a.Pool, a.Jobs.ID(), a.Config.Workers, a.logger)
	lctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); live.Run(lctx) }()
	a.stopBeats = func() {
		cancel()
		<-done
		if err := live.Forget(context.WithoutCancel(ctx)); err != nil {
			a.logger.WarnContext(ctx, "forgetting the worker heartbeat", slog.Any("error", err))
		}
	}
	return nil
}

// StopJobs lets running jobs finish for as long as ctx allows, then cancels
// them (they are retried later), and ends the heartbeat.
func (a *App) StopJobs(ctx context.Context) error {
	err := a.Jobs.Stop(ctx)
	if err != nil {
		a.logger.Warn("jobs still running at the end of the grace period were cancelled; they will be retried", slog.Any("error", err))
		err = a.Jobs.StopAndCancel(context.WithoutCancel(ctx))
	}
	if a.stopBeats != nil {
		a.stopBeats()
	}
	return err
}

func (a *App) newTasks(jobs *river.Client[pgx.Tx]) (*tasks.Engine, error) {
	return tasks.NewEngine(a.Config.Tasks, tasks.Deps{Pool: a.Pool, Learner: a.Models.Learner(), Retriever: a.Retriever,
		Memory: a.Ingest, Vocabulary: a.Graph, Jobs: jobs, Logger: a.logger})
}

func (a *App) newEngine() (*evolution.Engine, error) {
	return evolution.NewEngine(evolution.Deps{
		Pool: a.Pool, Graph: a.Graph, Teacher: a.Models.Teacher(), Learner: a.Models.Learner(),
		Retriever: a.tracing.Packs(a.Retriever), Memory: a.Ingest, Bandit: a.Bandits, Cascade: a.Cascade,
		IterationBudget: a.Models.IterationBudget, Limits: a.Config.Evolution, Mechanisms: a.Config.Mechanisms, Logger: a.logger,
		MemorySwitch: memswitch.NewStore(a.Pool),
		Explorer:     explorer.New(explorer.Config{}, a.Models.Learner(), a.Graph, a.Ingest, a.logger),
		Tools:        a.Assets,
		Agents:       a.Assets,
		Utility:      a.Utility,
		Profiles:     a.Profiles,
	})
}

// newWorkerClient builds the job client of a worker process: it registers
// every feature's workers and works the ingest queues and, in ModeWorker,
// the evolution, task and epoch-run queues, whose worker counts cap the runs
// and the tasks executing at once.
func (a *App) newWorkerClient(mode Mode) (*river.Client[pgx.Tx], error) {
	ingestWorkers, err := a.Ingest.Workers(ingest.WorkerDeps{
		Projector:        ingest.GraphProjector(a.Graph),
		Neighbors:        ingest.VectorNeighbors(a.Vectors),
		Evaluator:        ingest.TeacherEvaluator(a.Models.Teacher()),
		Forgetter:        a.Graph,
		ExperienceBudget: a.Models.ExperienceBudget,
	})
	if err != nil {
		return nil, err
	}
	memory := []workers.Feature{ingestWorkers, a.Utility.Workers(a.Graph)}
	background := []workers.Feature{a.Tasks.Workers(a.Graph), a.Engine.Workers()}
	cfg := a.Config.Workers
	if mode == ModeIngest && cfg.Queues == nil {
		cfg.Queues = workers.Queues(memory...)
	}
	return workers.NewClient(a.Pool, cfg, a.logger, slices.Concat(memory, background)...)
}

// TraceHTTP traces the requests h serves, each span the parent of what
// the request does; h itself when tracing is off.
func (a *App) TraceHTTP(h http.Handler) http.Handler { return a.tracing.Handler(h) }

// Close releases every open adapter and flushes the spans.
func (a *App) Close(ctx context.Context) {
	defer a.flushTracing(ctx)
	a.WaitGraphWarmUp()
	if a.Graph != nil {
		if err := a.Graph.Close(ctx); err != nil {
			a.logger.WarnContext(ctx, "closing neo4j", slog.Any("error", err))
		}
	}
	if a.Pool != nil {
		a.Pool.Close()
	}
}

// flushTracing exports the spans still buffered, for at most 5 seconds.
func (a *App) flushTracing(ctx context.Context) {
	if !a.ownTracing {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if err := a.tracing.Shutdown(ctx); err != nil {
		a.logger.WarnContext(ctx, "flushing traces", slog.Any("error", err))
	}
}

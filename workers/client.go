package workers

import (
	"cmp"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/settings"
	"github.com/evokg/evokg/llm"
)

// Config configures the River client and the ingest workers. The tags of
// DeadAfter and ProjectLinger declare their command-line flags,
// environment variables, defaults and help (cmd/evokg embeds Config); the
// other fields are set by code.
type Config struct {
	// Queues maps queue names to their concurrency. Defaults:
	// ingest_evaluate 4, ingest_project 2·ProjectBatch+16, default 8. Most
	// projection jobs wait, without a connection, for the batch that holds
	// their experience; two batches per namespace run at once (one claims
	// while the other writes), so the projection queue needs room for the
	// jobs of both and one more to start the next. Extra workers
	// (AddWorkers) may use any queue listed here.
	Queues map[string]river.QueueConfig `kong:"-"`
	// MaxAttempts before a job, and its experience, is marked failed. Default 25.
	MaxAttempts int `kong:"-"`
	// RetryBase and RetryMax bound the exponential backoff between attempts:
	// base·2^(n−1) with ±10% jitter, capped at max. Defaults 1s and 10m.
	RetryBase, RetryMax time.Duration `kong:"-"`
	// JobTimeout bounds one attempt. Default 2m.
	JobTimeout time.Duration `kong:"-"`
	// RescueStuckJobsAfter is how long a job may stay running before it is
	// considered lost with its process and retried. Default 10m; must be
	// greater than JobTimeout. Ingest jobs never run longer than JobTimeout;
	// evolution runs have no timeout but hold an advisory lock, so a rescued
	// copy of a live run waits instead of running beside it.
	RescueStuckJobsAfter time.Duration `kong:"-"`
	// HeartbeatInterval is how often a worker process records that it is
	// alive and looks for dead workers' jobs (Liveness). Default DeadAfter/5.
	HeartbeatInterval time.Duration `kong:"-"`
	// DeadAfter is how old a worker's heartbeat is when its running jobs go
	// back to the queue. At least three heartbeat intervals.
	DeadAfter time.Duration `name:"worker-dead-after" env:"EVOKG_WORKER_DEAD_AFTER" default:"10s" help:"Age of a worker process's heartbeat (written every fifth of this) at which it is taken for dead and the jobs it was running go back to the queue."`
	// FetchPollInterval and FetchCooldown tune how fast new jobs are picked
	// up. Defaults 200ms and 20ms.
	FetchPollInterval, FetchCooldown time.Duration `kong:"-"`
	// ProjectBatch is how many queued experiences of a namespace one
	// projection job writes into the graph at once (its own and up to
	// ProjectBatch−1 claimed others). Default 200; 1 disables batching.
	ProjectBatch int `kong:"-"`
	// ProjectLinger is how long a projection job lets its experience wait,
	// from when it was accepted, before it claims a batch: experiences
	// accepted meanwhile join that batch, so the graph writes fewer, larger
	// batches (each reads the structural candidates once). Negative
	// disables it (the flag's 0).
	ProjectLinger time.Duration `name:"project-linger" env:"EVOKG_PROJECT_LINGER" default:"250ms" help:"How long a projection job lets its experience wait, from its acceptance, for others to join its graph batch; 0 projects at once."`
	// SimilarK is how many nearest neighbours are considered for SIMILAR_TO.
	// Default 10.
	SimilarK int `kong:"-"`
	// SimilarThreshold is the cosine above which SIMILAR_TO is drawn.
	// Default evokg.DefaultSemanticEdgeThreshold (0.85).
	SimilarThreshold float64 `kong:"-"`
	// ID names the client in River's tables; default River's own.
	ID string `kong:"-"`
	// Middleware is installed on the client, for inserts and work alike
	// (tracing); none by default.
	Middleware []rivertype.Middleware `kong:"-"`
}

// Defaults of Config.
const (
	DefaultMaxAttempts       = 25
	DefaultRetryBase         = time.Second
	DefaultRetryMax          = 10 * time.Minute
	DefaultJobTimeout        = 2 * time.Minute
	DefaultRescueAfter       = 10 * time.Minute
	DefaultFetchPollInterval = 200 * time.Millisecond
	DefaultFetchCooldown     = 20 * time.Millisecond
	DefaultSimilarK          = 10
	DefaultProjectBatch      = 200
)

// Defaults of Config's settings, as their tags declare them.
var (
	DefaultDeadAfter     = settings.Default[time.Duration](Config{}, "DeadAfter")
	DefaultProjectLinger = settings.Default[time.Duration](Config{}, "ProjectLinger")
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.ProjectBatch = cmp.Or(c.ProjectBatch, DefaultProjectBatch)
	c.ProjectLinger = cmp.Or(c.ProjectLinger, DefaultProjectLinger)
	if c.Queues == nil {
		c.Queues = map[string]river.QueueConfig{
			ingest.QueueEvaluate: {MaxWorkers: 4},
			ingest.QueueProject:  {MaxWorkers: 2*c.ProjectBatch + 16},
			river.QueueDefault:   {MaxWorkers: 8},
		}
	}
	c.MaxAttempts = cmp.Or(c.MaxAttempts, DefaultMaxAttempts)
	c.RetryBase = cmp.Or(c.RetryBase, DefaultRetryBase)
	c.RetryMax = cmp.Or(c.RetryMax, DefaultRetryMax)
	c.JobTimeout = cmp.Or(c.JobTimeout, DefaultJobTimeout)
	c.RescueStuckJobsAfter = cmp.Or(c.RescueStuckJobsAfter, max(DefaultRescueAfter, c.JobTimeout+time.Minute))
	c.DeadAfter = cmp.Or(c.DeadAfter, DefaultDeadAfter)
	c.HeartbeatInterval = cmp.Or(c.HeartbeatInterval, c.DeadAfter/5)
	c.FetchPollInterval = cmp.Or(c.FetchPollInterval, DefaultFetchPollInterval)
	c.FetchCooldown = cmp.Or(c.FetchCooldown, DefaultFetchCooldown)
	c.SimilarK = cmp.Or(c.SimilarK, DefaultSimilarK)
	c.SimilarThreshold = cmp.Or(c.SimilarThreshold, evokg.DefaultSemanticEdgeThreshold)
	return c
}

func (c Config) validate() error {
	switch {
	case c.MaxAttempts < 1:
		return fmt.Errorf("workers: max attempts %d, need at least 1", c.MaxAttempts)
	case c.RetryBase <= 0 || c.RetryMax < c.RetryBase:
		return fmt.Errorf("workers: retry backoff %v..%v is not a range", c.RetryBase, c.RetryMax)
	case c.RescueStuckJobsAfter <= c.JobTimeout:
		return fmt.Errorf("workers: rescue-after %v must exceed the job timeout %v", c.RescueStuckJobsAfter, c.JobTimeout)
	case c.HeartbeatInterval <= 0 || c.DeadAfter < 3*c.HeartbeatInterval:
		return fmt.Errorf("workers: dead-after %v must be at least three heartbeat intervals (%v)", c.DeadAfter, c.HeartbeatInterval)
	case c.SimilarK < 1:
		return fmt.Errorf("workers: similar k %d, need at least 1", c.SimilarK)
	case c.ProjectBatch < 1:
		return fmt.Errorf("workers: project batch %d, need at least 1", c.ProjectBatch)
	}
	return nil
}

// Deps are what the workers call. Ingest and Projector are required;
// Evaluator is required to work platform-evaluated experiences (without one
// their jobs retry until one is configured or they fail visibly).
type Deps struct {
	Ingest    *ingest.Service
	Projector Projector
	Neighbors Neighbors // nil: no SIMILAR_TO candidates
	Evaluator Evaluator
	// ExperienceBudget gives the model-call budget of one evaluation
	// attempt (llm.Models.ExperienceBudget); nil: llm.DefaultExperienceBudget.
	ExperienceBudget func(experienceID string) *llm.Budget
	// AddWorkers registers further workers (the evolution jobs) on the same client.
	AddWorkers func(*river.Workers) error
}

func (d Deps) validate() error {
	if d.Ingest == nil || d.Projector == nil {
		return errors.New("workers: Deps.Ingest and Deps.Projector are required")
	}
	return nil
}

// NewClient returns a River client that works the ingest jobs (and those
// added by deps.AddWorkers). Start it with Start(ctx); stop it with Stop or
// StopAndCancel.
func NewClient(pool *pgxpool.Pool, cfg Config, deps Deps, logger *slog.Logger) (*river.Client[pgx.Tx], error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if err := deps.validate(); err != nil {
		return nil, err
	}
	logger = orLogger(logger)
	workers := river.NewWorkers()
	river.AddWorker(workers, &evaluateWorker{deps: deps, logger: logger})
	river.AddWorker(workers, &embedWorker{deps: deps, logger: logger})
	river.AddWorker(workers, &projectWorker{deps: deps, cfg: cfg, pool: pool, links: &linkStore{pool: pool},
		pipe: newPipeline(), logger: logger})
	if deps.AddWorkers != nil {
		if err := deps.AddWorkers(workers); err != nil {
			return nil, fmt.Errorf("workers: registering extra workers: %w", err)
		}
	}
	rc := riverConfig(cfg, logger)
	rc.Queues = cfg.Queues
	rc.Workers = workers
	return river.NewClient(riverpgxv5.New(pool), rc)
}

// NewInsertClient returns a River client that only enqueues jobs (the API
// process, and the ingest service inside a worker process).
func NewInsertClient(pool *pgxpool.Pool, cfg Config, logger *slog.Logger) (*river.Client[pgx.Tx], error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return river.NewClient(riverpgxv5.New(pool), riverConfig(cfg, orLogger(logger)))
}

func riverConfig(cfg Config, logger *slog.Logger) *river.Config {
	return &river.Config{
		ID:                   cfg.ID,
		Logger:               logger.With("component", "river"),
		MaxAttempts:          cfg.MaxAttempts,
		RetryPolicy:          &Backoff{Base: cfg.RetryBase, Max: cfg.RetryMax},
		JobTimeout:           cfg.JobTimeout,
		RescueStuckJobsAfter: cfg.RescueStuckJobsAfter,
		FetchPollInterval:    cfg.FetchPollInterval,
		FetchCooldown:        cfg.FetchCooldown,
		Middleware:           cfg.Middleware,
	}
}

func orLogger(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l
}

package workers

import (
	"cmp"
	"fmt"
	"log/slog"
	"maps"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertype"

	"github.com/evokg/evokg/settings"
)

// Config configures the River client. The tag of DeadAfter declares its
// command-line flag, environment variable, default and help (cmd/evokg
// embeds Config); the other fields are set by code.
type Config struct {
	// Queues maps queue names to their concurrency. Default: the queues
	// the features declare (Queues), with River's default queue at 8.
	Queues map[string]river.QueueConfig `kong:"-"`
	// MaxAttempts before a job is given up (an ingest job then marks its
	// experience failed). Default 25.
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
	DefaultQueueWorkers      = 8
)

// DefaultDeadAfter is DeadAfter's default, as its tag declares it.
var DefaultDeadAfter = settings.Default[time.Duration](Config{}, "DeadAfter")

// WithDefaults returns c with zero fields set to their defaults; Queues
// stays nil, for NewClient to gather from the features.
func (c Config) WithDefaults() Config {
	c.MaxAttempts = cmp.Or(c.MaxAttempts, DefaultMaxAttempts)
	c.RetryBase = cmp.Or(c.RetryBase, DefaultRetryBase)
	c.RetryMax = cmp.Or(c.RetryMax, DefaultRetryMax)
	c.JobTimeout = cmp.Or(c.JobTimeout, DefaultJobTimeout)
	c.RescueStuckJobsAfter = cmp.Or(c.RescueStuckJobsAfter, max(DefaultRescueAfter, c.JobTimeout+time.Minute))
	c.DeadAfter = cmp.Or(c.DeadAfter, DefaultDeadAfter)
	c.HeartbeatInterval = cmp.Or(c.HeartbeatInterval, c.DeadAfter/5)
	c.FetchPollInterval = cmp.Or(c.FetchPollInterval, DefaultFetchPollInterval)
	c.FetchCooldown = cmp.Or(c.FetchCooldown, DefaultFetchCooldown)
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
	}
	return nil
}

// Feature is what a feature hands the job client: the workers of its jobs
// and the queues they run on, with their concurrency.
type Feature interface {
	AddWorkers(*river.Workers) error
	Queues() map[string]river.QueueConfig
}

// Queues gathers the queues of features, with River's default queue at
// DefaultQueueWorkers unless a feature declares it.
func Queues(features ...Feature) map[string]river.QueueConfig {
	qs := map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: DefaultQueueWorkers}}
	for _, f := range features {
		maps.Copy(qs, f.Queues())
	}
	return qs
}

// NewClient returns a River client that works the jobs of features, on
// cfg.Queues or, when nil, on the queues the features declare. Start it
// with Start(ctx); stop it with Stop or StopAndCancel.
func NewClient(pool *pgxpool.Pool, cfg Config, logger *slog.Logger, features ...Feature) (*river.Client[pgx.Tx], error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	workers := river.NewWorkers()
	for _, f := range features {
		if err := f.AddWorkers(workers); err != nil {
			return nil, fmt.Errorf("workers: registering workers: %w", err)
		}
	}
	rc := riverConfig(cfg, orLogger(logger))
	rc.Queues = cfg.Queues
	if rc.Queues == nil {
		rc.Queues = Queues(features...)
	}
	rc.Workers = workers
	return river.NewClient(riverpgxv5.New(pool), rc)
}

// NewInsertClient returns a River client that only enqueues jobs (the API
// process, and the services inside a worker process).
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

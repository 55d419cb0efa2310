package api

import (
	"context"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/go-chi/httprate"
)

// RateCounts keeps the per-key request counts of the rate limit where every
// API process sees them (*postgres.RateCounts), so a key's limit holds
// across replicas.
type RateCounts interface {
	// Add adds n requests to key's window and returns the window's count.
	Add(ctx context.Context, key string, window time.Time, n int) (int, error)
	// Get returns key's counts in the current and the previous window.
	Get(ctx context.Context, key string, current, previous time.Time) (curr, prev int, err error)
	// Prune deletes the windows that started before before.
	Prune(ctx context.Context, before time.Time) error
}

// rateCountTimeout bounds one call to the shared counts. httprate's counter
// interface carries no context, so each call gets its own.
const rateCountTimeout = time.Second

// sharedCounter is httprate's LimitCounter over RateCounts, with an
// in-process counter beside it that counts the same requests.
//
// When the shared counts fail (the database unreachable or slower than
// rateCountTimeout) it fails open onto the in-process counter: each replica
// then limits its keys alone, as before the counts were shared, instead of
// refusing every request. The limit guards fairness, not access (keys and
// scopes do), and a request it lets through needs the same database to do
// anything; failing closed would turn a database hiccup into an outage of
// every /v1 route.
type sharedCounter struct {
	counts RateCounts
	local  httprate.LimitCounter
	window time.Duration
	logger *slog.Logger
	pruned atomic.Int64 // the window (unix ns) whose older windows were pruned
	warned atomic.Int64 // the window (unix ns) of the last failure logged
}

var _ httprate.LimitCounter = (*sharedCounter)(nil)

func newSharedCounter(counts RateCounts, window time.Duration, logger *slog.Logger) *sharedCounter {
	return &sharedCounter{counts: counts, local: httprate.NewLocalLimitCounter(window), window: window, logger: logger}
}

func (c *sharedCounter) Config(requestLimit int, window time.Duration) {
	c.window = window
	c.local.Config(requestLimit, window)
}

func (c *sharedCounter) Increment(key string, current time.Time) error {
	return c.IncrementBy(key, current, 1)
}

func (c *sharedCounter) IncrementBy(key string, current time.Time, n int) error {
	_ = c.local.IncrementBy(key, current, n)
	c.prune(current)
	ctx, cancel := context.WithTimeout(context.Background(), rateCountTimeout)
	defer cancel()
	if _, err := c.counts.Add(ctx, key, current, n); err != nil {
		c.warn(ctx, current, err)
	}
	return nil
}

func (c *sharedCounter) Get(key string, current, previous time.Time) (int, int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), rateCountTimeout)
	defer cancel()
	curr, prev, err := c.counts.Get(ctx, key, current, previous)
	if err != nil {
		c.warn(ctx, current, err)
		return c.local.Get(key, current, previous)
	}
	return curr, prev, nil
}

// prune deletes, once per window and process, the windows before the
// previous one, in the background: the request does not wait for it.
func (c *sharedCounter) prune(current time.Time) {
	if c.pruned.Swap(current.UnixNano()) == current.UnixNano() {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), rateCountTimeout)
		defer cancel()
		if err := c.counts.Prune(ctx, current.Add(-c.window)); err != nil {
			c.warn(ctx, current, err)
		}
	}()
}

// warn logs a failure of the shared counts once per window.
func (c *sharedCounter) warn(ctx context.Context, current time.Time, err error) {
	if c.warned.Swap(current.UnixNano()) == current.UnixNano() {
		return
	}
	c.logger.WarnContext(ctx, "the shared rate-limit counts failed; each process limits its keys alone until they answer",
		slog.Any("error", err))
}

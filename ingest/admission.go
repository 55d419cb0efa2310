package ingest

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// admission holds new writes to a namespace whose graph projection is
// behind, so that in a burst the lag from acceptance to the graph stays
// near Config.MaxLag instead of growing with the burst: accepting is
// cheaper than projecting, and clients would otherwise fill the queue as
// fast as they post. A write waits while the namespace's oldest queued
// experience was accepted more than MaxLag ago, or more than MaxQueued
// wait (a burst of batches is accepted faster than any of its experiences
// ages), and at most MaxHold, after which it is written anyway (a stopped
// worker slows writes; it never fails them). Memory packs are not affected: an
// experience is in the vector index from its acceptance.
//
// The lag is read from Postgres, so API replicas see the same backlog; a
// reading is shared by the namespace's writers for lagReadingTTL, which
// bounds the reads to a few dozen a second per namespace.
type admission struct {
	pool            *pgxpool.Pool
	maxLag, maxHold time.Duration
	maxQueued       int

	mu       sync.Mutex
	readings map[string]*lagReading // one per namespace written to

	pace *readsFirst // nil: writes are not paced for reads

	held     prometheus.Histogram   // how long held writes waited
	released *prometheus.CounterVec // held writes by why they went on
}

type lagReading struct {
	mu sync.Mutex
	at time.Time
	backlog
}

// backlog is a namespace's projection backlog.
type backlog struct {
	queued int
	lag    time.Duration // since the oldest queued experience was accepted
}

// lagReadingTTL is how long a lag reading serves; it is also the interval
// at which a held write looks again.
const lagReadingTTL = 50 * time.Millisecond

func newAdmission(pool *pgxpool.Pool, maxLag, maxHold time.Duration, maxQueued int) *admission {
	return &admission{pool: pool, maxLag: maxLag, maxHold: maxHold, maxQueued: maxQueued, readings: map[string]*lagReading{},
		held: prometheus.NewHistogram(prometheus.HistogramOpts{
			Namespace: "evokg", Subsystem: "ingest", Name: "admission_hold_seconds",
			Help:    "How long ingest writes were held while their namespace's graph projection was behind.",
			Buckets: []float64{0.05, 0.1, 0.25, 0.5, 1, 2, 5},
		}),
		released: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "evokg", Subsystem: "ingest", Name: "admission_released_total",
			Help: "Held ingest writes by why they were written: the projection caught up, the hold reached its limit, or the reads-first pace let them (reads_first).",
		}, []string{"reason"}),
	}
}

// hold waits until ns's projection backlog is within maxLag and maxQueued,
// then for the reads-first pace of n experiences, in all at most maxHold,
// and returns how long it waited.
func (a *admission) hold(ctx context.Context, ns string, n int) (time.Duration, error) {
	lagged, reason, err := a.holdForLag(ctx, ns)
	if err != nil {
		return lagged, err
	}
	var paced time.Duration
	if lagged < a.maxHold {
		if paced, err = a.pace.wait(ctx, n, a.maxHold-lagged); paced > 0 {
			reason = "reads_first"
		}
	}
	a.observe(lagged+paced, reason)
	return lagged + paced, err
}

// holdForLag waits until ns's projection backlog is within maxLag and
// maxQueued, or maxHold has passed, and returns how long it waited and why
// it stopped.
func (a *admission) holdForLag(ctx context.Context, ns string) (time.Duration, string, error) {
	if a.maxLag <= 0 {
		return 0, "", nil
	}
	start := time.Now()
	for waited := time.Duration(0); ; waited = time.Since(start) {
		b, err := a.backlog(ctx, ns)
		if err != nil {
			return waited, "", err
		}
		if b.lag <= a.maxLag && b.queued <= a.maxQueued {
			return waited, "caught_up", nil
		}
		if waited >= a.maxHold {
			return waited, "max_hold", nil
		}
		t := time.NewTimer(lagReadingTTL)
		select {
		case <-ctx.Done():
			t.Stop()
			return waited, "", ctx.Err()
		case <-t.C:
		}
	}
}

// observe records a write that was held.
func (a *admission) observe(waited time.Duration, reason string) {
	if waited > 0 {
		a.held.Observe(waited.Seconds())
		a.released.WithLabelValues(reason).Inc()
	}
}

// backlog returns ns's projection backlog, read at most once per
// lagReadingTTL.
func (a *admission) backlog(ctx context.Context, ns string) (backlog, error) {
	a.mu.Lock()
	r := a.readings[ns]
	if r == nil {
		r = &lagReading{}
		a.readings[ns] = r
	}
	a.mu.Unlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	if time.Since(r.at) < lagReadingTTL {
		return r.backlog, nil
	}
	var queued int
	var seconds float64
	if err := a.pool.QueryRow(ctx, queries.Get("projection_lag"), ns).Scan(&queued, &seconds); err != nil {
		return backlog{}, fmt.Errorf("reading the projection backlog: %w", err)
	}
	r.at, r.backlog = time.Now(), backlog{queued: queued, lag: time.Duration(seconds * float64(time.Second))}
	return r.backlog, nil
}

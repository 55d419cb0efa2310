package ingest

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"golang.org/x/time/rate"
)

// ReadLatency reports the recent graph reads of the process: the 95th
// percentile of those that ended in the last window, and how many did.
// *graph.Graph implements it.
type ReadLatency interface {
	ReadLatencyP95(window time.Duration) (time.Duration, int)
}

// readsFirst paces this process's ingest writes while the graph reads it
// serves are slower than a target: on a machine that ingest saturates, a
// read waits for CPU behind the writes, and reads serve the agents while an
// accepted write only has to reach the graph within the admission's lag.
//
// It is an additive-increase, multiplicative-decrease controller on a token
// bucket of experiences per second, in the manner of TCP congestion control:
// every readsFirstStep, a read p95 over the target (the worst kind of read
// in the last readsFirstWindow, with at least readsFirstMinReads reads) cuts
// the rate to readsFirstCut of what was admitted, never below the floor and
// at most once a window, since a cut shows in the reads only after one; a
// p95 within the target raises it by readsFirstRaise; a rate above twice
// what is admitted, or too few reads to judge, lifts the limit. A write
// waits for its tokens at most the admission's remaining hold, then goes
// anyway.
type readsFirst struct {
	reads  ReadLatency
	target time.Duration
	floor  float64       // experiences per second
	window time.Duration // of the reads judged, and the least time between cuts

	mu       sync.Mutex
	limiter  *rate.Limiter // nil: no limit (rate.Inf would leave it with NaN tokens when lowered)
	adjusted time.Time
	admitted int       // experiences since adjusted
	cut      time.Time // the last cut

	limit prometheus.Gauge
}

const (
	readsFirstStep     = 100 * time.Millisecond
	readsFirstWindow   = time.Second
	readsFirstMinReads = 20
	readsFirstCut      = 0.7
	readsFirstRaise    = 1.05
)

func newReadsFirst(reads ReadLatency, target time.Duration, floor float64) *readsFirst {
	return &readsFirst{reads: reads, target: target, floor: floor, window: readsFirstWindow,
		limit: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "evokg", Subsystem: "ingest", Name: "reads_first_limit",
			Help: "Experiences per second this process admits while its graph reads are slower than the read target (0: unlimited).",
		}),
	}
}

// wait takes n experiences' tokens, waiting at most maxWait for them, and
// returns how long it waited.
func (r *readsFirst) wait(ctx context.Context, n int, maxWait time.Duration) (time.Duration, error) {
	if r == nil {
		return 0, nil
	}
	now := time.Now()
	res := r.reserve(now, n)
	if res == nil {
		return 0, nil
	}
	delay := res.DelayFrom(now)
	if delay <= 0 {
		return 0, nil
	}
	if delay > maxWait {
		res.CancelAt(now)
		delay = maxWait
	}
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return time.Since(now), ctx.Err()
	case <-t.C:
		return delay, nil
	}
}

// reserve adjusts the rate when a step has passed and reserves n tokens;
// nil when there is no limit.
func (r *readsFirst) reserve(now time.Time, n int) *rate.Reservation {
	r.mu.Lock()
	defer r.mu.Unlock()
	if elapsed := now.Sub(r.adjusted); elapsed >= readsFirstStep {
		r.adjust(now, float64(r.admitted)/elapsed.Seconds())
		r.adjusted, r.admitted = now, 0
	}
	r.admitted += n
	if r.limiter == nil {
		return nil
	}
	// A reservation larger than the burst never succeeds: let the burst
	// hold any write.
	if n > r.limiter.Burst() {
		r.limiter.SetBurstAt(now, n)
	}
	return r.limiter.ReserveN(now, n)
}

// adjust sets the rate from the reads' p95, given the rate admitted over
// the last step.
func (r *readsFirst) adjust(now time.Time, admitted float64) {
	p95, reads := r.reads.ReadLatencyP95(r.window)
	limit := r.currentLimit()
	switch {
	case reads >= readsFirstMinReads && p95 > r.target:
		// No writes in the step: they are not what slows the reads now. A
		// cut shows in the reads only after a window: one cut per window.
		if admitted > 0 && now.Sub(r.cut) >= r.window {
			limit = max(r.floor, readsFirstCut*min(limit, admitted))
			r.cut = now
		}
	case reads < readsFirstMinReads || limit > 2*max(admitted, r.floor):
		limit = math.Inf(1)
	default:
		limit *= readsFirstRaise
	}
	switch {
	case math.IsInf(limit, 1):
		r.limiter = nil
		r.limit.Set(0)
		return
	case r.limiter == nil:
		r.limiter = rate.NewLimiter(rate.Limit(limit), 1)
	default:
		r.limiter.SetLimitAt(now, rate.Limit(limit))
	}
	r.limit.Set(limit)
}

// currentLimit is the pace in experiences per second, +Inf for none.
func (r *readsFirst) currentLimit() float64 {
	if r.limiter == nil {
		return math.Inf(1)
	}
	return float64(r.limiter.Limit())
}

package graph

import (
	"slices"
	"sync"
	"time"
)

// readLatencyKeep is how many recent read transactions readLatencies keeps:
// a few seconds of a busy API process.
const readLatencyKeep = 1024

// readLatencies keeps the durations of the process's most recent read
// transactions in a ring, for ReadLatencyP95.
type readLatencies struct {
	mu    sync.Mutex
	op    [readLatencyKeep]string
	ended [readLatencyKeep]time.Time
	took  [readLatencyKeep]time.Duration
	next  int
}

// readLatencyMinRuns is the fewest reads of one kind whose p95 counts.
const readLatencyMinRuns = 10

func (r *readLatencies) add(op string, ended time.Time, took time.Duration) {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.op[r.next], r.ended[r.next], r.took[r.next] = op, ended, took
	r.next = (r.next + 1) % readLatencyKeep
	r.mu.Unlock()
}

// worstP95 is the highest 95th percentile among the kinds of read (one per
// statement) with at least readLatencyMinRuns reads that ended after since,
// and how many reads ended after since.
func (r *readLatencies) worstP95(since time.Time) (time.Duration, int) {
	byOp := map[string][]time.Duration{}
	n := 0
	r.mu.Lock()
	for i, end := range r.ended {
		if end.After(since) {
			byOp[r.op[i]] = append(byOp[r.op[i]], r.took[i])
			n++
		}
	}
	r.mu.Unlock()
	var worst time.Duration
	for _, took := range byOp {
		if len(took) < readLatencyMinRuns {
			continue
		}
		slices.Sort(took)
		worst = max(worst, took[(len(took)*95+99)/100-1])
	}
	return worst, n
}

// ReadLatencyP95 is the highest p95 among the kinds of graph read (one per
// statement, with at least 10 runs) this process ran in the last window, and
// how many reads it ran in it (counting at most the last 1,024). Ingest
// admission uses it to put reads first (ingest.Config.ReadTarget).
func (g *Graph) ReadLatencyP95(window time.Duration) (time.Duration, int) {
	return g.reads.worstP95(time.Now().Add(-window))
}

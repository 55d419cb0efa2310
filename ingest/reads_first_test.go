package ingest

import (
	"context"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// steadyReads reports fixed read latencies, as a process whose graph reads
// are steadily fast or slow would.
type steadyReads struct {
	p95   time.Duration
	reads int
}

func (s steadyReads) ReadLatencyP95(time.Duration) (time.Duration, int) { return s.p95, s.reads }

// TestReadsFirstStepsAreAIMD follows the controller through its cases with
// real numbers, one step every 100 ms: a cut to 0.7 of what was admitted,
// at most one per window (1 s) and never below the floor; a 5% raise while
// reads meet the target; no limit when the demand falls to under half of
// it, or when there are too few reads to judge.
func TestReadsFirstStepsAreAIMD(t *testing.T) {
	reads := &steadyReads{p95: 25 * time.Millisecond, reads: 100}
	r := newReadsFirst(reads, 10*time.Millisecond, 50)
	now := time.Now()
	step := func(admitted float64) float64 {
		now = now.Add(readsFirstStep)
		r.adjust(now, admitted)
		return r.currentLimit()
	}
	require.InDelta(t, 350, step(500), 1e-9, "0.7 of what was admitted")
	require.InDelta(t, 350, step(500), 1e-9, "no second cut within the window")
	now = now.Add(readsFirstWindow)
	require.InDelta(t, 245, step(400), 1e-9, "0.7 of the limit when more was admitted (a burst)")
	now = now.Add(readsFirstWindow)
	require.InDelta(t, 245, step(0), 1e-9, "no writes in the step: nothing to cut")
	require.InDelta(t, 245, testutil.ToFloat64(r.limit), 1e-9)

	reads.p95 = 4 * time.Millisecond
	require.True(t, math.IsInf(step(100), 1), "demand under half the limit lifts it")
	require.Equal(t, 0.0, testutil.ToFloat64(r.limit), "the gauge shows no limit as 0")

	reads.p95 = 25 * time.Millisecond
	require.InDelta(t, 210, step(300), 1e-9)
	at := time.Now() // a limit set after none paces: the second of two writes at once waits 1/210 s
	require.Zero(t, r.limiter.ReserveN(at, 1).DelayFrom(at))
	require.InDelta(t, time.Second.Seconds()/210, r.limiter.ReserveN(at, 1).DelayFrom(at).Seconds(), 1e-6)
	reads.p95 = 4 * time.Millisecond
	require.InDelta(t, 220.5, step(200), 1e-9, "reads meet the target: +5%")
	reads.p95 = 25 * time.Millisecond
	now = now.Add(readsFirstWindow)
	require.InDelta(t, 154.35, step(300), 1e-9)
	now = now.Add(readsFirstWindow)
	require.InDelta(t, 50, step(60), 1e-9, "never below the floor")
	reads.reads = readsFirstMinReads - 1
	require.True(t, math.IsInf(step(60), 1), "too few reads to judge: no limit")
}

// TestReadsFirstPacesWritesWhileReadsAreSlow is the ablation on the real
// database: four writers post single requests for 1.5 s while the process's
// graph reads stay at a 25 ms p95 against a 10 ms target. The pace falls
// towards the floor (20/s), with one cut a step instead of one a second to
// see it within the test, and the writes are held for it; with reads at
// 4 ms, or with no target, nothing is held and the writes go several times
// faster.
func TestReadsFirstPacesWritesWhileReadsAreSlow(t *testing.T) {
	slow := steadyReads{p95: 25 * time.Millisecond, reads: 100}
	fast := steadyReads{p95: 4 * time.Millisecond, reads: 100}
	cases := []struct {
		name  string
		cfg   Config
		paced bool
	}{
		{name: "slow reads", cfg: Config{ReadTarget: 10 * time.Millisecond, ReadFloor: 20, Reads: slow}, paced: true},
		{name: "fast reads", cfg: Config{ReadTarget: 10 * time.Millisecond, ReadFloor: 20, Reads: fast}},
		{name: "no target", cfg: Config{ReadFloor: 20, Reads: slow}},
	}
	written := map[string]int{}
	var pace float64
	for _, c := range cases {
		s := admissionService(t, c.cfg)
		if s.admit.pace != nil {
			s.admit.pace.window = readsFirstStep
		}
		ns := fmt.Sprintf("reads-first-%d", time.Now().UnixNano())
		written[c.name] = writeFor(t, s, ns, 4, 1500*time.Millisecond)
		held, released := heldWrites(t, s)
		if c.paced {
			pace = testutil.ToFloat64(s.admit.pace.limit)
			require.GreaterOrEqual(t, pace, 20.0, "%s: the pace stays at or above the floor", c.name)
			require.Positive(t, released["reads_first"], c.name)
			require.Positive(t, held, c.name)
			continue
		}
		require.Zero(t, held, "%s: no write is held", c.name)
		if s.admit.pace != nil {
			require.Equal(t, 0.0, testutil.ToFloat64(s.admit.pace.limit), "%s: no limit", c.name)
		}
	}
	// The pace ends far below what the writers reach unpaced, and the
	// paced writers write less than half as much.
	unpaced := float64(written["no target"]) / 1.5
	require.Less(t, pace, unpaced/3, "pace %.1f/s against %.1f/s unpaced", pace, unpaced)
	t.Logf("written in 1.5 s: %v; the pace ended at %.1f/s", written, pace)
	require.Less(t, 2*written["slow reads"], written["fast reads"], written)
	require.Less(t, 2*written["slow reads"], written["no target"], written)
}

// writeFor runs writers that post single requests to ns until d has passed
// and returns how many were written.
func writeFor(t *testing.T, s *Service, ns string, writers int, d time.Duration) int {
	t.Helper()
	stop := time.Now().Add(d)
	var mu sync.Mutex
	n := 0
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for i := 0; time.Now().Before(stop); i++ {
				_, err := s.Ingest(context.Background(), ns, embeddedSuccess(fmt.Sprintf("writer %d question %d", w, i)), "")
				assert.NoError(t, err)
				mu.Lock()
				n++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return n
}

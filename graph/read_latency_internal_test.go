package graph

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestReadLatenciesWorstP95 checks the figure reads-first steers by: the
// highest nearest-rank p95 among the kinds of read with at least 10 runs in
// the window, reads that ended before it left out, and only the newest
// 1,024 kept.
func TestReadLatenciesWorstP95(t *testing.T) {
	r := &readLatencies{}
	now := time.Now()
	for i := 1; i <= 20; i++ { // 1..20 ms: the p95 is the 19th, 19 ms
		r.add("neighbors", now, time.Duration(i)*time.Millisecond)
	}
	for i := 1; i <= 10; i++ { // 10 × 5 ms
		r.add("frontier", now, 5*time.Millisecond)
	}
	for range 9 { // too few to count
		r.add("transitions", now, time.Second)
	}
	r.add("neighbors", now.Add(-time.Minute), time.Hour) // before the window

	p95, n := r.worstP95(now.Add(-time.Second))
	require.Equal(t, 19*time.Millisecond, p95)
	require.Equal(t, 39, n)

	for range readLatencyKeep { // the ring forgets the oldest
		r.add("frontier", now, 2*time.Millisecond)
	}
	p95, n = r.worstP95(now.Add(-time.Second))
	require.Equal(t, 2*time.Millisecond, p95)
	require.Equal(t, readLatencyKeep, n)

	var none *readLatencies
	none.add("frontier", now, time.Second) // a copy without a recorder (Warm's) records nothing
}

package ingest

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/vector"
)

// admissionService is a service on the test database with the given
// admission limits and no projection workers, so that what it accepts
// stays queued until the test marks it committed.
func admissionService(t *testing.T, cfg Config) *Service {
	t.Helper()
	pool := testenv.Postgres(t)
	queue, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: testenv.Logger(t)})
	require.NoError(t, err)
	return NewService(cfg, pool, queue, nil, vector.NewStore(pool, evokg.DefaultEmbeddingDim), testenv.Logger(t))
}

// backlogged gives ns n queued experiences accepted age ago.
func backlogged(t *testing.T, s *Service, ns string, n int, age time.Duration) {
	t.Helper()
	ctx := context.Background()
	for i := range n {
		_, err := s.Ingest(ctx, ns, embeddedSuccess(string(rune('a'+i))+" backlog"), "")
		require.NoError(t, err)
	}
	_, err := s.pool.Exec(ctx, `UPDATE experiences SET created_at = clock_timestamp() - make_interval(secs => $2) WHERE namespace = $1`,
		ns, age.Seconds())
	require.NoError(t, err)
	time.Sleep(lagReadingTTL) // the last reading, taken before the backlog, expires
}

// projected marks ns's queued experiences committed, as the projection
// worker does.
func projected(t *testing.T, s *Service, ns string) {
	t.Helper()
	_, err := s.pool.Exec(context.Background(), `UPDATE experiences SET status = 'committed' WHERE namespace = $1 AND status = 'queued'`, ns)
	require.NoError(t, err)
}

// ingestInBackground sends one single request and reports its result.
func ingestInBackground(s *Service, ns, question string) <-chan receipt {
	done := make(chan receipt, 1)
	go func() {
		r, err := s.Ingest(context.Background(), ns, embeddedSuccess(question), "")
		done <- receipt{r, err}
	}()
	return done
}

// requireHeld fails if the write lands while the backlog stays, through
// ten readings of it.
func requireHeld(t *testing.T, done <-chan receipt, why string) {
	t.Helper()
	select {
	case r := <-done:
		t.Fatalf("the write landed while %s: %+v", why, r)
	case <-time.After(10 * lagReadingTTL):
	}
}

// heldWrites gathers the service's metrics: the held writes' count in the
// histogram, and the released counter by reason.
func heldWrites(t *testing.T, s *Service) (uint64, map[string]float64) {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(s.Collectors()...)
	families, err := reg.Gather()
	require.NoError(t, err)
	var held uint64
	released := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			switch f.GetName() {
			case "evokg_ingest_admission_hold_seconds":
				held += m.GetHistogram().GetSampleCount()
			case "evokg_ingest_admission_released_total":
				released[m.GetLabel()[0].GetValue()] += m.GetCounter().GetValue()
			}
		}
	}
	return held, released
}

// TestAdmissionHoldsWritesUntilTheProjectionCatchesUp is the ablation of
// admission on the real database: with the namespace's oldest queued
// experience a minute old, a write waits (for as long as the test looks,
// several readings of the backlog) and lands once the backlog is
// projected; with admission off (MaxLag 0) the same write lands at once.
func TestAdmissionHoldsWritesUntilTheProjectionCatchesUp(t *testing.T) {
	t.Parallel()
	s := admissionService(t, Config{MaxLag: time.Second, MaxHold: time.Hour})
	ns := testenv.Namespace(t)
	backlogged(t, s, ns, 1, time.Minute)

	done := ingestInBackground(s, ns, "held")
	requireHeld(t, done, "the projection is a minute behind")
	projected(t, s, ns)
	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, evokg.StatusQueued, r.r.Status)
	held, released := heldWrites(t, s)
	require.Equal(t, uint64(1), held, "the held write is in the histogram")
	require.Equal(t, map[string]float64{"caught_up": 1}, released)

	off := admissionService(t, Config{})
	nsOff := testenv.Namespace(t)
	backlogged(t, off, nsOff, 1, time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_, err := off.Ingest(ctx, nsOff, embeddedSuccess("not held"), "")
	require.NoError(t, err, "with admission off the write is not held")
}

// TestAdmissionCountsQueuedExperiences holds a write behind a backlog
// that is fresh but longer than MaxQueued, and lets it through once the
// backlog is within the limit.
func TestAdmissionCountsQueuedExperiences(t *testing.T) {
	t.Parallel()
	s := admissionService(t, Config{MaxLag: time.Hour, MaxQueued: 2, MaxHold: time.Hour})
	ns := testenv.Namespace(t)
	backlogged(t, s, ns, 2, 0)
	ctx := context.Background()
	got, err := s.admit.backlog(ctx, ns)
	require.NoError(t, err)
	require.Equal(t, 2, got.queued)

	// A third experience, then the fourth waits: three queued is over two.
	_, err = s.Ingest(ctx, ns, embeddedSuccess("third"), "")
	require.NoError(t, err)
	time.Sleep(lagReadingTTL)
	done := ingestInBackground(s, ns, "fourth")
	requireHeld(t, done, "three experiences are queued")
	projected(t, s, ns)
	require.NoError(t, (<-done).err)
}

// TestAdmissionWritesAnywayAfterMaxHold: a stopped worker slows writes
// and never fails them.
func TestAdmissionWritesAnywayAfterMaxHold(t *testing.T) {
	t.Parallel()
	const maxHold = 300 * time.Millisecond
	s := admissionService(t, Config{MaxLag: time.Second, MaxHold: maxHold})
	ns := testenv.Namespace(t)
	backlogged(t, s, ns, 1, time.Minute)

	held, err := s.admit.hold(context.Background(), ns, 1)
	require.NoError(t, err)
	require.GreaterOrEqual(t, held, maxHold, "held until MaxHold")
	_, err = s.Ingest(context.Background(), ns, embeddedSuccess("late"), "")
	require.NoError(t, err)
	var queued int
	require.NoError(t, s.pool.QueryRow(context.Background(), `SELECT count(*) FROM experiences WHERE namespace = $1 AND status = 'queued'`, ns).Scan(&queued))
	require.Equal(t, 2, queued, "the held write is stored")
	_, released := heldWrites(t, s)
	require.Equal(t, map[string]float64{"max_hold": 2}, released)

	// A cancelled request stops waiting with the context's error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = s.admit.hold(ctx, ns, 1)
	require.ErrorIs(t, err, context.Canceled)
}

package utility_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/utility"
	"github.com/evokg/evokg/workers"
)

// previousMirrorArgs is the mirror job as the previous release enqueued
// it: the same arguments under the old kind.
type previousMirrorArgs utility.MirrorArgs

func (previousMirrorArgs) Kind() string { return "evokg_memory_utility_mirror" }

// mirrored records what the mirror worker writes onto the graph's nodes.
type mirrored struct {
	mu  sync.Mutex
	ids []uuid.UUID
}

func (m *mirrored) SetUtility(_ context.Context, _ string, us []evokg.Utility) (int, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, u := range us {
		m.ids = append(m.ids, u.ID)
	}
	return len(us), nil
}

func (m *mirrored) got() []uuid.UUID {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]uuid.UUID(nil), m.ids...)
}

// A mirror job the previous release enqueued under the old kind is worked
// by this release's mirror worker.
func TestMirrorJobThePreviousReleaseEnqueuedRuns(t *testing.T) {
	t.Parallel()
	f := setup(t, utility.Policy{})
	mem := f.Insert(t, memtest.Memory{Question: "kept", Vec: memtest.Unit(0)})
	f.credit(t, mem.ID, true, 1)
	// A queue of the test's own: the mirror queue is shared with other tests.
	queue := strings.ReplaceAll(f.NS, "-", "_") + "_mirror"
	inserter, err := workers.NewInsertClient(f.Pool, workers.Config{}, testenv.Logger(t))
	require.NoError(t, err)
	_, err = inserter.Insert(t.Context(), previousMirrorArgs{Namespace: f.NS, IDs: []uuid.UUID{mem.ID}}, &river.InsertOpts{Queue: queue})
	require.NoError(t, err)

	graph := &mirrored{}
	client, err := workers.NewClient(f.Pool, workers.Config{Queues: map[string]river.QueueConfig{queue: {MaxWorkers: 1}}},
		testenv.Logger(t), f.store.Workers(graph))
	require.NoError(t, err)
	require.NoError(t, client.Start(t.Context()))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = client.Stop(ctx)
	})
	require.Eventually(t, func() bool { return len(graph.got()) == 1 }, 30*time.Second, 20*time.Millisecond)
	require.Equal(t, []uuid.UUID{mem.ID}, graph.got())
	require.Eventually(t, func() bool {
		var state string
		require.NoError(t, f.Pool.QueryRow(t.Context(), `SELECT state::text FROM river_job WHERE queue = $1`, queue).Scan(&state))
		return state == "completed"
	}, 30*time.Second, 20*time.Millisecond, "River records job completion asynchronously")
}

package maintenance_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/maintenance"
	"github.com/evokg/evokg/postgres"
)

// statsTimeout bounds the wait for Postgres's row statistics to show a
// write (they are flushed at least every 10 s).
const statsTimeout = 30 * time.Second

// smallConfig treats indexes of a few hundred rows as worth rebuilding, so
// the tests stay fast.
var smallConfig = maintenance.Config{MinReclaimBytes: 256 << 10}

const seedRows = 150 // about 600 kB of HNSW index at 768 dimensions

// TestReindexReclaimsAPurgedPartition fills a partition, purges its
// namespace and reindexes: the dry run names the bloated index, the real run
// rebuilds it to its fresh-build size, and a second run finds nothing.
func TestReindexReclaimsAPurgedPartition(t *testing.T) {
	t.Parallel()
	b := setup(t, smallConfig)
	part := b.seed(t, "purged", "arith", seedRows)
	b.seed(t, "kept", "arith", 3)
	b.waitDryRun(t, func(r evokg.ReindexReport) bool { return len(r.Rebuilt) == 0 }, "nothing is bloated before the purge")

	b.purge(t, "purged")
	dry := b.waitDryRun(t, func(r evokg.ReindexReport) bool { return len(r.Rebuilt) == 1 }, "the purged partition is bloated")
	require.Equal(t, part, dry.Rebuilt[0].Table)
	require.Zero(t, dry.Rebuilt[0].BytesAfter, "a dry run rebuilds nothing")
	require.Zero(t, dry.ReclaimedBytes)
	require.Greater(t, dry.Checked, 32, "both channels' 16 partitions and more")

	report, err := b.svc.Reindex(b.ctx, evokg.ReindexOptions{})
	require.NoError(t, err)
	require.Len(t, report.Rebuilt, 1)
	got := report.Rebuilt[0]
	t.Logf("%s: %d live rows, %d bytes before, %d after (expected %d), %.1f ms", got.Index, got.LiveRows,
		got.BytesBefore, got.BytesAfter, got.ExpectedBytes, got.DurationMS)
	require.Equal(t, dry.Rebuilt[0].BytesBefore, got.BytesBefore)
	require.GreaterOrEqual(t, got.BytesBefore, int64(seedRows/2*8192))
	require.LessOrEqual(t, got.BytesAfter, got.ExpectedBytes, "the rebuilt index has its fresh-build size")
	require.Equal(t, got.BytesBefore-got.BytesAfter, report.ReclaimedBytes)
	require.Positive(t, got.DurationMS)

	again, err := b.svc.Reindex(b.ctx, evokg.ReindexOptions{})
	require.NoError(t, err)
	require.Empty(t, again.Rebuilt, "nothing is left to reclaim")
}

// TestReindexCountsOnlyTheRowsOfAPartialIndex: the memory channels' HNSW
// indexes hold only the rows of grown slices (ann). A partition whose
// indexed rows were purged is bloated even while other slices' tails keep
// many live rows in it: the estimate counts the index's rows, not the
// table's.
func TestReindexCountsOnlyTheRowsOfAPartialIndex(t *testing.T) {
	t.Parallel()
	b := setup(t, smallConfig)
	part := b.seed(t, "purged", "arith", seedRows)
	b.seedTail(t, "kept", b.taskTypeIn(t, "kept", part), 3*seedRows)
	b.purge(t, "purged")
	dry := b.waitDryRun(t, func(r evokg.ReindexReport) bool { return len(r.Rebuilt) == 1 }, "the purged partition is bloated beside its tails")
	require.Equal(t, part, dry.Rebuilt[0].Table)
	require.Zero(t, dry.Rebuilt[0].LiveRows, "the tails' rows are not the index's")
}

// TestReindexStopsAtTheDeadline: when the caller's context ends during a
// rebuild, that rebuild is finished and the other bloated indexes are named
// as remaining.
func TestReindexStopsAtTheDeadline(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The first rebuild's log line ends the caller's context.
	logger := slog.New(&onMessage{msg: "vector index rebuilt", do: cancel, next: testenv.Logger(t).Handler()})
	b := setupWith(t, smallConfig, logger)
	first := b.seed(t, "gone", "t0", seedRows)
	for i := 1; b.seed(t, "gone", "t"+string(rune('0'+i)), seedRows) == first; i++ {
		require.Less(t, i, 9, "another partition within 9 task types")
	}
	b.purge(t, "gone")
	b.waitDryRun(t, func(r evokg.ReindexReport) bool { return len(r.Rebuilt) == 2 }, "two purged partitions are bloated")

	report, err := b.svc.Reindex(ctx, evokg.ReindexOptions{})
	require.NoError(t, err)
	require.Len(t, report.Rebuilt, 1, "the rebuild under way is finished")
	require.Less(t, report.Rebuilt[0].BytesAfter, report.Rebuilt[0].BytesBefore)
	require.Len(t, report.Remaining, 1)

	rest, err := b.svc.Reindex(b.ctx, evokg.ReindexOptions{})
	require.NoError(t, err)
	require.Len(t, rest.Rebuilt, 1)
	require.Equal(t, report.Remaining[0], rest.Rebuilt[0].Index, "the next run takes what was left")
}

// TestOneReindexAtATime: while a reindex holds the schema's lock, another is
// refused.
func TestOneReindexAtATime(t *testing.T) {
	t.Parallel()
	b := setup(t, maintenance.Config{})
	conn, err := b.pool.Acquire(b.ctx)
	require.NoError(t, err)
	defer conn.Release()
	var locked bool
	require.NoError(t, conn.QueryRow(b.ctx, "SELECT pg_try_advisory_lock(hashtext('evokg.reindex.' || current_schema()))").Scan(&locked))
	require.True(t, locked)
	defer conn.Exec(b.ctx, "SELECT pg_advisory_unlock(hashtext('evokg.reindex.' || current_schema()))") //nolint:errcheck

	_, err = b.svc.Reindex(b.ctx, evokg.ReindexOptions{DryRun: true})
	require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err), "%v", err)
}

type bundle struct {
	ctx  context.Context
	pool *pgxpool.Pool
	svc  *maintenance.Service
}

func setup(t *testing.T, cfg maintenance.Config) *bundle {
	return setupWith(t, cfg, testenv.Logger(t))
}

// setupWith migrates a schema of the test's own, so that the indexes it
// measures hold only its rows.
func setupWith(t *testing.T, cfg maintenance.Config, logger *slog.Logger) *bundle {
	t.Helper()
	ctx := context.Background()
	pool, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t)})
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	svc, err := maintenance.New(pool, cfg, logger)
	require.NoError(t, err)
	return &bundle{ctx: ctx, pool: pool, svc: svc}
}

// seed writes n success memories of (ns, taskType) with random vectors,
// in the HNSW index (as a grown slice's are), and returns the partition of
// success_index they went to.
func (b *bundle) seed(t *testing.T, ns, taskType string, n int) string {
	t.Helper()
	b.seedRows(t, ns, taskType, n, true)
	var part string
	require.NoError(t, b.pool.QueryRow(b.ctx, "SELECT tableoid::regclass::text FROM success_index WHERE namespace = $1 AND task_type = $2 LIMIT 1",
		ns, taskType).Scan(&part))
	return part
}

// seedTail writes n success memories of (ns, taskType) outside the HNSW
// index (a slice's tail).
func (b *bundle) seedTail(t *testing.T, ns, taskType string, n int) {
	t.Helper()
	b.seedRows(t, ns, taskType, n, false)
}

// seedRows writes n success memories of (ns, taskType) with random vectors,
// in the HNSW index when ann.
func (b *bundle) seedRows(t *testing.T, ns, taskType string, n int, ann bool) {
	t.Helper()
	b.onOneConn(t, `WITH e AS (
		INSERT INTO experiences (id, namespace, task_type, outcome, status, record, created_at)
		SELECT gen_random_uuid(), $1, $2, 'success_memory', 'committed', '{}', now() FROM generate_series(1, $3)
		RETURNING id, namespace, task_type, created_at)
	INSERT INTO success_index (id, namespace, task_type, outcome, quality, created_at, embedding, ann)
	SELECT id, namespace, task_type, 'success_memory', 1, created_at,
	       (SELECT array_agg(random()::real) FROM generate_series(1, 768) WHERE e.id IS NOT NULL)::vector, $4
	  FROM e`, ns, taskType, n, ann)
}

// taskTypeIn returns a task type whose slice of ns is in partition part.
func (b *bundle) taskTypeIn(t *testing.T, ns, part string) string {
	t.Helper()
	var taskType string
	require.NoError(t, b.pool.QueryRow(b.ctx, `SELECT tt FROM generate_series(0, 999) g, LATERAL (SELECT 'tt' || g AS tt) x
		WHERE satisfies_hash_partition('success_index'::regclass, 16, substring($2 from '[0-9]+$')::int, $1::text, x.tt)
		ORDER BY g LIMIT 1`, ns, part).Scan(&taskType))
	return taskType
}

// purge removes the namespace as an operator does.
func (b *bundle) purge(t *testing.T, ns string) {
	t.Helper()
	b.onOneConn(t, "SELECT evokg_purge_namespace($1)", ns)
}

// onOneConn runs a statement, then makes its connection flush its row
// statistics at once instead of within the next 10 s.
func (b *bundle) onOneConn(t *testing.T, sql string, args ...any) {
	t.Helper()
	conn, err := b.pool.Acquire(b.ctx)
	require.NoError(t, err)
	defer conn.Release()
	_, err = conn.Exec(b.ctx, sql, args...)
	require.NoError(t, err)
	_, err = conn.Exec(b.ctx, "SELECT pg_stat_force_next_flush()")
	require.NoError(t, err)
}

// waitDryRun waits until a dry run's report satisfies ok (row statistics
// reach other sessions shortly after a write).
func (b *bundle) waitDryRun(t *testing.T, ok func(evokg.ReindexReport) bool, msg string) evokg.ReindexReport {
	t.Helper()
	var (
		r   evokg.ReindexReport
		err error
	)
	require.Eventually(t, func() bool {
		r, err = b.svc.Reindex(b.ctx, evokg.ReindexOptions{DryRun: true})
		return err == nil && ok(r)
	}, statsTimeout, 50*time.Millisecond, "%s (last error: %v)", msg, err)
	return r
}

// onMessage is a slog handler that calls do when a record's message is msg.
type onMessage struct {
	msg  string
	do   func()
	next slog.Handler
}

func (h *onMessage) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }

func (h *onMessage) Handle(ctx context.Context, r slog.Record) error {
	if strings.Contains(r.Message, h.msg) {
		h.do()
	}
	return h.next.Handle(ctx, r)
}

func (h *onMessage) WithAttrs(a []slog.Attr) slog.Handler {
	return &onMessage{msg: h.msg, do: h.do, next: h.next.WithAttrs(a)}
}

func (h *onMessage) WithGroup(g string) slog.Handler {
	return &onMessage{msg: h.msg, do: h.do, next: h.next.WithGroup(g)}
}

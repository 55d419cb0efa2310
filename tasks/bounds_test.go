package tasks

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/runs"
)

// The tests of the bounds of active runs start tasks and epoch runs with
// no worker, so they stay queued until a test ends them.

var boundTask = evokg.TaskRequest{Question: crateQuestion, TaskType: "multiply", Validator: normalized("42")}

var boundRun = evokg.EpochRunRequest{Pool: evokg.PoolGenerator{Name: questions.Digits, Size: 10, Seed: 3}, Epochs: 1}

// idle answers the learner's calls, which no test here makes.
var idle = generating(func(string, string) string { return "0" })

// A key at its bound is refused (EQUOTA naming the bound, the count and
// the limit) whatever the namespace and the kind of run; another key is
// not; a finished task and a cancelled run each free a slot.
func TestBoundPerKey(t *testing.T) {
	t.Parallel()
	b := setup(t, testenv.Postgres(t), idle)
	svc := NewService(b.engine).WithBounds(runs.Bounds{PerKey: 2, PerTenant: -1})
	key, other := uuid.New(), uuid.New()
	ns := []string{b.ns, testenv.Namespace(t), testenv.Namespace(t)}

	task, err := svc.StartTask(b.ctx, ns[0], key, boundTask)
	require.NoError(t, err)
	run, err := svc.StartEpochRun(b.ctx, ns[1], key, boundRun, "")
	require.NoError(t, err)
	_, err = svc.StartTask(b.ctx, ns[2], key, boundTask)
	requireQuota(t, err, "API key "+key.String()+" has 2 active", "bound per key is 2")
	_, err = svc.StartEpochRun(b.ctx, ns[2], key, boundRun, "")
	requireQuota(t, err, "has 2 active", "bound per key is 2")
	require.Zero(t, activeIn(t, b, ns[2]), "a refused start leaves nothing behind")

	_, err = svc.StartTask(b.ctx, ns[2], other, boundTask)
	require.NoError(t, err, "another key has slots of its own")

	finish(t, b, ns[0], task.ID)
	_, err = svc.StartTask(b.ctx, ns[0], key, boundTask)
	require.NoError(t, err, "a finished task frees its slot")
	_, err = svc.StartTask(b.ctx, ns[0], key, boundTask)
	requireQuota(t, err, "has 2 active")

	_, err = svc.CancelEpochRun(b.ctx, ns[1], run.ID)
	require.NoError(t, err)
	_, err = svc.StartEpochRun(b.ctx, ns[1], key, boundRun, "")
	require.NoError(t, err, "a cancelled run frees its slot")
}

// An Idempotency-Key's replay creates nothing, so a key at its bound still
// gets its run back.
func TestBoundKeepsReplays(t *testing.T) {
	t.Parallel()
	b := setup(t, testenv.Postgres(t), idle)
	svc := NewService(b.engine).WithBounds(runs.Bounds{PerKey: 1, PerTenant: -1})
	key := uuid.New()
	first, err := svc.StartEpochRun(b.ctx, b.ns, key, boundRun, "k1")
	require.NoError(t, err)
	replay, err := svc.StartEpochRun(b.ctx, b.ns, key, boundRun, "k1")
	require.NoError(t, err)
	require.Equal(t, first.ID, replay.ID)
	_, err = svc.StartTask(b.ctx, testenv.Namespace(t), key, boundTask)
	requireQuota(t, err, "has 1 active")
}

// A tenant is the key that created its namespaces: runs any key starts in
// them count together; another tenant's namespaces, and a namespace no
// key created (a tenant of its own), have their own bounds.
func TestBoundPerTenant(t *testing.T) {
	t.Parallel()
	b := setup(t, testenv.Postgres(t), idle)
	svc := NewService(b.engine).WithBounds(runs.Bounds{PerKey: -1, PerTenant: 2})
	owner, stranger := uuid.New(), uuid.New()
	mine := []string{create(t, b, owner), create(t, b, owner)}
	theirs := create(t, b, stranger)

	_, err := svc.StartTask(b.ctx, mine[0], uuid.New(), boundTask)
	require.NoError(t, err)
	run, err := svc.StartEpochRun(b.ctx, mine[1], uuid.New(), boundRun, "")
	require.NoError(t, err)
	_, err = svc.StartTask(b.ctx, mine[0], uuid.New(), boundTask)
	requireQuota(t, err, "the namespaces API key "+owner.String()+" created", "have 2 active", "bound per tenant is 2")

	_, err = svc.StartTask(b.ctx, theirs, uuid.New(), boundTask)
	require.NoError(t, err, "another tenant has slots of its own")

	unowned := testenv.Namespace(t)
	for range 2 {
		_, err = svc.StartTask(b.ctx, unowned, uuid.Nil, boundTask)
		require.NoError(t, err)
	}
	_, err = svc.StartTask(b.ctx, unowned, uuid.Nil, boundTask)
	requireQuota(t, err, "namespace "+unowned+", which no API key created, has 2 active", "bound per tenant is 2")

	_, err = svc.CancelEpochRun(b.ctx, mine[1], run.ID)
	require.NoError(t, err)
	_, err = svc.StartTask(b.ctx, mine[1], uuid.New(), boundTask)
	require.NoError(t, err, "a cancelled run frees its tenant's slot")
}

// Two API replicas (two services, each on a pool of its own) starting runs
// at once for one key, and for one tenant, never go over the bound: the
// count and the insert are serialized in Postgres.
func TestBoundHoldsAcrossReplicas(t *testing.T) {
	t.Parallel()
	const bound, starts = 3, 8
	replicas := twoReplicas(t, runs.Bounds{PerKey: bound, PerTenant: bound})

	key := uuid.New()
	admitted := startConcurrently(t, replicas, starts, func(i int) (string, uuid.UUID) { return testenv.Namespace(t), key })
	require.Equal(t, bound, admitted, "one key")

	owner := uuid.New()
	tenant := []string{create(t, replicas[0].bundle, owner), create(t, replicas[0].bundle, owner)}
	admitted = startConcurrently(t, replicas, starts, func(i int) (string, uuid.UUID) { return tenant[i%2], uuid.New() })
	require.Equal(t, bound, admitted, "one tenant")
	var active int
	require.NoError(t, replicas[0].pg.QueryRow(replicas[0].ctx, `SELECT count(*) FROM tasks WHERE namespace = ANY($1) AND status = 'queued'`,
		tenant).Scan(&active))
	require.Equal(t, bound, active)
}

// replica is one API process's service on a pool of its own.
type replica struct {
	bundle
	svc *Service
}

// twoReplicas builds two services on the shared test database, each with
// its own pool and engine.
func twoReplicas(t *testing.T, bounds runs.Bounds) []replica {
	t.Helper()
	var out []replica
	for range 2 {
		pg, err := postgres.Open(context.Background(), postgres.Config{URL: testenv.PostgresURL(), MaxConns: 8})
		require.NoError(t, err)
		t.Cleanup(pg.Close)
		testenv.Postgres(t) // migrated
		b := setup(t, pg, idle)
		out = append(out, replica{bundle: b, svc: NewService(b.engine).WithBounds(bounds)})
	}
	return out
}

// startConcurrently starts n tasks from two goroutines per replica, where
// each names the i-th start's namespace and key, and returns how many were
// admitted; every refusal must be EQUOTA.
func startConcurrently(t *testing.T, replicas []replica, n int, target func(i int) (string, uuid.UUID)) int {
	t.Helper()
	type start struct {
		ns  string
		key uuid.UUID
	}
	plan := make([]start, n)
	for i := range plan {
		plan[i].ns, plan[i].key = target(i)
	}
	errs := make([]error, n)
	var wg sync.WaitGroup
	for g := range 2 * len(replicas) {
		wg.Go(func() {
			r := replicas[g%len(replicas)]
			for i := g; i < n; i += 2 * len(replicas) {
				_, errs[i] = r.svc.StartTask(r.ctx, plan[i].ns, plan[i].key, boundTask)
			}
		})
	}
	wg.Wait()
	admitted := 0
	for _, err := range errs {
		if err == nil {
			admitted++
			continue
		}
		require.Equal(t, evokg.EQUOTA, evokg.ErrorCode(err), "%v", err)
	}
	return admitted
}

func requireQuota(t *testing.T, err error, parts ...string) {
	t.Helper()
	require.Error(t, err)
	require.Equal(t, evokg.EQUOTA, evokg.ErrorCode(err), "%v", err)
	for _, p := range parts {
		require.Contains(t, evokg.ErrorMessage(err), p)
	}
}

// create creates a fresh namespace through the namespace store, created by key.
func create(t *testing.T, b bundle, key uuid.UUID) string {
	t.Helper()
	ns := testenv.Namespace(t)
	_, err := access.NewNamespaceStore(b.pg).CreateNamespace(b.ctx, evokg.Namespace{Name: ns}, key)
	require.NoError(t, err)
	return ns
}

// finish ends task id as solved, as its job does.
func finish(t *testing.T, b bundle, ns string, id uuid.UUID) {
	t.Helper()
	require.NoError(t, pgx.BeginFunc(b.ctx, b.pg, func(tx pgx.Tx) error {
		return b.engine.store.finishTx(b.ctx, tx, &evokg.Task{ID: id, Namespace: ns, Status: evokg.TaskSolved, Committed: []evokg.TaskCommit{}})
	}))
}

// activeIn counts the active runs and tasks of ns.
func activeIn(t *testing.T, b bundle, ns string) int {
	t.Helper()
	var n int
	require.NoError(t, b.pg.QueryRow(b.ctx, `SELECT (SELECT count(*) FROM tasks WHERE namespace = $1)
		+ (SELECT count(*) FROM epoch_runs WHERE namespace = $1)`, ns).Scan(&n))
	return n
}

package evolution

import (
	"context"
	"sync"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/questions"
	"github.com/evokg/evokg/workers"
)

// isolatedPostgres returns a migrated pool on a schema of its own, for
// tests that work jobs: a worker works every queued job of its schema.
func isolatedPostgres(t *testing.T) *pgxpool.Pool {
	t.Helper()
	return openPostgres(t, testenv.IsolatedPostgresURL(t))
}

func openPostgres(t *testing.T, url string) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	pg, err := postgres.Open(ctx, postgres.Config{URL: url, MaxConns: 8})
	require.NoError(t, err)
	t.Cleanup(pg.Close)
	m, err := postgres.NewMigrator(pg)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	return pg
}

// enqueueOnly is a service whose jobs nobody works: started runs stay queued.
func enqueueOnly(t *testing.T, engine *Engine, pg *pgxpool.Pool) *Service {
	t.Helper()
	client, err := workers.NewInsertClient(pg, workers.Config{}, testenv.Logger(t))
	require.NoError(t, err)
	return NewService(engine, client)
}

func requireActiveRunConflict(t *testing.T, err error, active *evokg.EvolutionRun) {
	t.Helper()
	require.Equal(t, evokg.ECONFLICT, evokg.ErrorCode(err), "%v", err)
	require.ErrorIs(t, err, ErrActiveRun)
	require.Contains(t, evokg.ErrorMessage(err), active.ID.String(), "the conflict names the active run")
}

func TestOneActiveRunPerNamespace(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, quietLearner())
	svc := enqueueOnly(t, e.engine, e.engine.deps.Pool)

	first, err := svc.Start(e.ctx, e.ns, uuid.Nil, smallParams())
	require.NoError(t, err)
	_, err = svc.Start(e.ctx, e.ns, uuid.Nil, smallParams())
	requireActiveRunConflict(t, err, first)

	// `evokg evolve` obeys the same rule, before any model call.
	params := smallParams()
	params.Namespace = e.ns
	_, err = RunLocal(e.ctx, e.engine, params, nil)
	requireActiveRunConflict(t, err, first)
	require.Zero(t, e.fake.CountTask("answer"))
	require.Zero(t, e.fake.CountTask("discover_skills"))

	other := testenv.Namespace(t)
	_, err = svc.Start(e.ctx, other, uuid.Nil, smallParams())
	require.NoError(t, err, "another namespace has its own slot")

	_, err = svc.CancelRun(e.ctx, e.ns, first.ID)
	require.NoError(t, err)
	second, err := svc.Start(e.ctx, e.ns, uuid.Nil, smallParams())
	require.NoError(t, err, "a finished run frees the slot")
	runs, err := svc.ListRuns(e.ctx, e.ns)
	require.NoError(t, err)
	require.Len(t, runs, 2)
	require.Equal(t, second.ID, runs[0].ID)
	require.Equal(t, evokg.RunQueued, runs[0].Status)
	require.Equal(t, evokg.RunCancelled, runs[1].Status)
}

// TestConcurrentStartsAdmitExactlyOne races starts from two processes' worth
// of connections (two pools, as two API replicas have): the database admits
// exactly one, and every other start names it.
func TestConcurrentStartsAdmitExactlyOne(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, quietLearner())
	replicas := []*Service{
		enqueueOnly(t, e.engine, e.engine.deps.Pool),
		enqueueOnly(t, e.engine, openPostgres(t, testenv.PostgresURL())),
	}
	for round := range 3 {
		start := make(chan struct{})
		runs := make([]*evokg.EvolutionRun, 8)
		errs := make([]error, 8)
		var wg sync.WaitGroup
		for i := range runs {
			wg.Go(func() {
				<-start
				runs[i], errs[i] = replicas[i%2].Start(e.ctx, e.ns, uuid.Nil, smallParams())
			})
		}
		close(start)
		wg.Wait()
		var won *evokg.EvolutionRun
		for i, err := range errs {
			if err == nil {
				require.Nil(t, won, "round %d: two runs admitted", round)
				won = runs[i]
			}
		}
		require.NotNil(t, won, "round %d: no run admitted", round)
		for _, err := range errs {
			if err != nil {
				requireActiveRunConflict(t, err, won)
			}
		}
		_, err := replicas[0].CancelRun(e.ctx, e.ns, won.ID)
		require.NoError(t, err)
	}
	var active int
	require.NoError(t, e.engine.deps.Pool.QueryRow(e.ctx,
		`SELECT count(*) FROM evolution_runs WHERE namespace = $1 AND status IN ('queued', 'running')`, e.ns).Scan(&active))
	require.Zero(t, active)
}

func TestRunsOverTheCapsAreRefused(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, quietLearner())
	deps := e.engine.deps
	deps.Limits = Limits{MaxIterations: 3, MaxPoolSize: 12}
	engine, err := NewEngine(deps)
	require.NoError(t, err)
	svc := enqueueOnly(t, engine, deps.Pool)

	over := Params{Iterations: 4, Pool: questions.PoolSpec{Name: questions.Arith, Size: 13}}
	_, err = svc.Start(e.ctx, e.ns, uuid.Nil, over)
	require.Equal(t, evokg.ELIMIT, evokg.ErrorCode(err))
	var de *evokg.Error
	require.ErrorAs(t, err, &de)
	require.Equal(t, []string{"/iterations", "/pool/size"}, pointers(de.Fields))
	require.Contains(t, de.Fields[0].Detail, "max_iterations = 3")
	require.Contains(t, de.Fields[1].Detail, "max_pool_size = 12")

	inline := Params{Pool: questions.PoolSpec{Name: "inline", Items: make([]questions.Item, 13)}, Iterations: 3}
	for i := range inline.Pool.Items {
		inline.Pool.Items[i] = questions.Item{ID: string(rune('a' + i)), Question: "q", Answer: "1", TaskType: "t"}
	}
	_, err = svc.Start(e.ctx, e.ns, uuid.Nil, inline)
	require.ErrorAs(t, err, &de)
	require.Equal(t, []string{"/pool/items"}, pointers(de.Fields))

	over.Namespace = e.ns
	_, err = RunLocal(e.ctx, engine, over, nil)
	require.Equal(t, evokg.ELIMIT, evokg.ErrorCode(err), "the CLI has the same caps")
	runs, err := svc.ListRuns(e.ctx, e.ns)
	require.NoError(t, err)
	require.Empty(t, runs, "a refused run is not created")

	_, err = svc.Start(e.ctx, e.ns, uuid.Nil, Params{Iterations: 3, Pool: questions.PoolSpec{Name: questions.Arith, Size: 12}})
	require.NoError(t, err, "at the caps is allowed")
}

func pointers(fields []evokg.FieldError) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Pointer
	}
	return out
}

// TestInterruptedLocalRunFreesItsNamespace: nothing resumes a run of
// `evokg evolve`, so one cut short (Ctrl-C) is recorded as cancelled and
// does not hold its namespace's slot.
func TestInterruptedLocalRunFreesItsNamespace(t *testing.T) {
	t.Parallel()
	e := setupE2E(t, quietLearner())
	ctx, cancel := context.WithCancel(e.ctx)
	defer cancel()
	params := smallParams()
	params.Namespace = e.ns
	_, err := RunLocal(ctx, e.engine, params, func(p Progress) {
		if p.Phase == "evaluate" {
			cancel()
		}
	})
	require.ErrorIs(t, err, context.Canceled)

	runs, err := e.engine.store.listRuns(e.ctx, e.ns, 10)
	require.NoError(t, err)
	require.Len(t, runs, 1)
	require.Equal(t, evokg.RunCancelled, runs[0].Status)
	require.NotEmpty(t, runs[0].Error)
	_, err = RunLocal(e.ctx, e.engine, params, nil)
	require.NoError(t, err, "the namespace takes a new run")
}

// TestMigrationKeepsTheOldestActiveRun: a database with several active runs
// in a namespace (possible before the rule) keeps the oldest when the rule
// is applied and cancels the others.
func TestMigrationKeepsTheOldestActiveRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pg, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t), MaxConns: 4})
	require.NoError(t, err)
	t.Cleanup(pg.Close)
	provider, err := goose.NewProvider(goose.DialectPostgres, stdlib.OpenDBFromPool(pg), postgres.Migrations)
	require.NoError(t, err)
	_, err = provider.UpTo(ctx, 6) // before the rule
	require.NoError(t, err)
	ns := "several"
	var ids []string
	for i := range 3 {
		var id string
		require.NoError(t, pg.QueryRow(ctx, `INSERT INTO evolution_runs (id, namespace, status, params, created_at)
			VALUES ($1, $2, 'running', '{}', now() - make_interval(mins => $3)) RETURNING id::text`,
			evokg.NewID(), ns, 10-i).Scan(&id))
		ids = append(ids, id)
	}
	_, err = provider.UpTo(ctx, 7)
	require.NoError(t, err)
	rows, err := pg.Query(ctx, `SELECT id::text, status FROM evolution_runs WHERE namespace = $1 ORDER BY created_at`, ns)
	require.NoError(t, err)
	got, err := pgx.CollectRows(rows, pgx.RowToStructByPos[struct {
		ID     string
		Status evokg.RunStatus
	}])
	require.NoError(t, err)
	require.Equal(t, []struct {
		ID     string
		Status evokg.RunStatus
	}{{ids[0], evokg.RunRunning}, {ids[1], evokg.RunCancelled}, {ids[2], evokg.RunCancelled}}, got)
}

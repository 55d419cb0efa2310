package postgres_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/vector"
)

// A database at the previous release's schema (postgres.PreviousRelease),
// holding namespaces, memories with their embeddings, answers, a learner
// profile and an expert agent, is migrated to this release's schema by the
// same `migrate up` an operator runs: no table loses a row, the new
// columns take their defaults on the old rows, and this release's code
// reads what the old one wrote (the lexical channel finds a memory
// written before its column existed). A namespace that held data without
// being created is registered, so it does not become a 404.
func TestUpgradeFromThePreviousRelease(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t)})
	require.NoError(t, err)
	defer pool.Close()
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.UpTo(ctx, postgres.PreviousRelease))

	ns := testenv.Namespace(t)
	store := vector.NewStore(pool, memtest.Dim)
	old := memtest.Insert(t, pool, store, memtest.Memory{Namespace: ns, Question: "Which relay is RX-1207?", Vec: memtest.Unit(1)})
	memtest.Insert(t, pool, store, memtest.Memory{Namespace: ns, Outcome: evokg.OutcomeFailure, Kind: evokg.FailureSpecific,
		Question: "How many rows?", Content: "count the rows first", Vec: memtest.Unit(2)})
	for _, q := range []string{
		`INSERT INTO namespaces (name, description) VALUES ($1, 'upgraded')`,
		`INSERT INTO answers (id, namespace, task_type, question, answer, search_arm) VALUES (gen_random_uuid(), $1, 'arithmetic', 'q', 'a', 'semantic')`,
		`INSERT INTO learner_profiles (namespace, model, profile) VALUES ($1, 'm', '{"render":"turns"}')`,
		`INSERT INTO expert_agents (namespace, id, role, system_prompt, version, created_at) VALUES ($1, gen_random_uuid(), 'surveyor', 'p', 1, now())`,
		`INSERT INTO prgii_runs (id, namespace, status, params) VALUES (gen_random_uuid(), $1, 'succeeded', '{"pool":{"name":"digits","size":10,"seed":1},"epochs":1,"held_out":0.2}')`,
		`INSERT INTO prgii_tasks (id, namespace, status, question, task_type, validator, max_iterations) VALUES (gen_random_uuid(), $1, 'solved', 'q', 'counting', '{"kind":"exact"}', 1)`,
		`INSERT INTO prgii_attempts (task_id, namespace, n, answer, passed, feedback) SELECT id, $1, 1, 'a', true, '{}' FROM prgii_tasks WHERE namespace = $1`,
	} {
		_, err := pool.Exec(ctx, q, ns)
		require.NoError(t, err, q)
	}
	// A namespace written to but never created, which a write could reach then.
	uncreated := testenv.Namespace(t)
	memtest.Insert(t, pool, store, memtest.Memory{Namespace: uncreated, Question: "Which valve is V-9?", Vec: memtest.Unit(3)})
	before := rowCounts(t, pool)

	require.NoError(t, m.Up(ctx))
	after := rowCounts(t, pool)
	for table, n := range before {
		if renamed, ok := renamedTables[table]; ok {
			require.Zero(t, after[table], "table %s is renamed %s", table, renamed)
			table = renamed
		}
		switch table {
		case "goose_db_version": // one row per migration applied
		case "namespaces": // the one that held data uncreated is registered
			require.Equal(t, n+1, after[table], "table %s", table)
		default:
			require.Equal(t, n, after[table], "table %s", table)
		}
	}
	var registered bool
	require.NoError(t, pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM namespaces WHERE name = $1)`, uncreated).Scan(&registered))
	require.True(t, registered, "a namespace holding data stays reachable after the upgrade")
	require.Positive(t, before["experiences"])
	require.Positive(t, before["expert_agents"])
	require.Positive(t, before["prgii_attempts"])

	var validated bool
	var agent *string
	require.NoError(t, pool.QueryRow(ctx, `SELECT a.validated, (SELECT agent::text FROM answers WHERE namespace = $1)
		FROM expert_agents a WHERE namespace = $1`, ns).Scan(&validated, &agent))
	require.True(t, validated, "an agent of the previous release keeps being served")
	require.Nil(t, agent, "an old answer names no agent")
	hits, err := store.SearchLexical(ctx, ns, "arithmetic", "relay RX-1207", 3)
	require.NoError(t, err)
	require.Len(t, hits, 1)
	require.Equal(t, old.ID, hits[0].ID, "the lexical column was generated for a row written before it existed")
}

// renamedTables are the tables this release renames, by former name.
var renamedTables = map[string]string{"prgii_tasks": "tasks", "prgii_attempts": "task_attempts", "prgii_runs": "epoch_runs"}

// rowCounts counts the rows of every table of the current schema.
func rowCounts(t *testing.T, pool *pgxpool.Pool) map[string]int64 {
	t.Helper()
	ctx := context.Background()
	rows, err := pool.Query(ctx, `SELECT c.relname FROM pg_class c
		WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	out := map[string]int64{}
	for _, table := range tables {
		var n int64
		require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{table}.Sanitize()).Scan(&n), table)
		out[table] = n
	}
	return out
}

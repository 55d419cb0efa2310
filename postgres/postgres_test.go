package postgres_test

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

func withPassword(t *testing.T, password string) string {
	u, err := url.Parse(testenv.PostgresURL())
	require.NoError(t, err)
	u.User = url.UserPassword(u.User.Username(), password)
	return u.String()
}

func TestOpenNamesWhatFailedAndWhere(t *testing.T) {
	testenv.Postgres(t) // the server is up: the failures below are the configuration's
	ctx := context.Background()

	_, err := postgres.Open(ctx, postgres.Config{URL: withPassword(t, "not-the-password")})
	require.ErrorContains(t, err, "authentication failed")
	require.ErrorContains(t, err, "127.0.0.1:5432/evokg")

	_, err = postgres.Open(ctx, postgres.Config{URL: "postgres://evokg:x@127.0.0.1:1/evokg?sslmode=disable",
		ConnectTimeout: 2 * time.Second})
	require.ErrorContains(t, err, "postgres at 127.0.0.1:1/evokg")
	require.ErrorContains(t, err, "unreachable")

	_, err = postgres.Open(ctx, postgres.Config{URL: testenv.PostgresURL(), EmbeddingDim: 20000})
	require.ErrorContains(t, err, "embedding dimension 20000")
}

func TestMigrationsAreIdempotentAndListed(t *testing.T) {
	pool := testenv.Postgres(t) // already migrated once
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(context.Background()), "a second Up is a no-op")
	var out bytes.Buffer
	require.NoError(t, m.Status(context.Background(), &out))
	require.Contains(t, out.String(), "00001_core")
	require.Contains(t, out.String(), "river  job queue schema version")
	require.NotContains(t, out.String(), "pending")
}

func TestProtectedMemoriesCannotBeDeletedInTheDatabase(t *testing.T) {
	pool := testenv.Postgres(t)
	ns := testenv.Namespace(t)
	ctx := context.Background()
	_, err := pool.Exec(ctx, `INSERT INTO experiences (id, namespace, task_type, outcome, record)
		VALUES (gen_random_uuid(), $1, 'arith', 'success_memory', '{}')`, ns)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `DELETE FROM experiences WHERE namespace = $1`, ns)
	require.ErrorContains(t, err, "protected memory")
	_, err = pool.Exec(ctx, `UPDATE experiences SET record = '{"rewritten":true}' WHERE namespace = $1`, ns)
	require.ErrorContains(t, err, "protected memory")
	require.NoError(t, postgres.PurgeNamespace(ctx, pool, ns), "only a whole-namespace purge removes it")
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM experiences WHERE namespace = $1`, ns).Scan(&n))
	require.Zero(t, n)
}

// TestMigrationsStayInTheirSchema migrates a schema of its own: River's job
// queue is created there too, not shared with the schema further down the
// search path that already has one.
func TestMigrationsStayInTheirSchema(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t)})
	require.NoError(t, err)
	defer pool.Close()
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	var schema string
	require.NoError(t, pool.QueryRow(ctx, "SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = 'river_job'::regclass").Scan(&schema))
	var current string
	require.NoError(t, pool.QueryRow(ctx, "SELECT current_schema()").Scan(&current))
	require.Equal(t, current, schema)
	require.NotEqual(t, "public", schema)
}

// TestMigrateCreatesTheFirstSchemaOfTheSearchPath migrates a URL whose
// search_path names a schema that does not exist yet (as make up does for
// an embedding dimension other than the default): the schema is created
// and holds the tables, with the configured dimension.
func TestMigrateCreatesTheFirstSchemaOfTheSearchPath(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	admin := testenv.Postgres(t)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "dim7_" + hex.EncodeToString(b)
	t.Cleanup(func() {
		_, err := admin.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+schema+" CASCADE")
		require.NoError(t, err)
	})
	u, err := url.Parse(testenv.PostgresURL())
	require.NoError(t, err)
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()

	pool, err := postgres.Open(ctx, postgres.Config{URL: u.String(), EmbeddingDim: 7})
	require.NoError(t, err)
	defer pool.Close()
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	require.NoError(t, m.Up(ctx), "a second Up is a no-op")
	var where, column string
	require.NoError(t, pool.QueryRow(ctx, `SELECT n.nspname, format_type(a.atttypid, a.atttypmod)
		FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
		WHERE c.oid = 'success_index'::regclass AND a.attname = 'embedding'`).Scan(&where, &column))
	require.Equal(t, schema, where)
	require.Equal(t, "vector(7)", column)
}

func TestFirstSchemaOfASearchPath(t *testing.T) {
	for path, want := range map[string]string{
		"dim384, public":     "dim384",
		"Dim384,public":      "dim384",
		`"Dim 384", public`:  "Dim 384",
		`"a""b",public`:      `a"b`,
		`"$user", public`:    "",
		"$user,public":       "",
		"":                   "",
		"pg_catalog, public": "",
		"  dim384  ":         "dim384",
		"public":             "public",
	} {
		require.Equal(t, want, postgres.FirstSchema(path), "search_path %q", path)
	}
}

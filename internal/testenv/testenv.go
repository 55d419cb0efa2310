// Package testenv connects integration tests to the real services of the
// local stack (scripts/stack/stack.sh, started by `make test`): Postgres
// with pgvector and Neo4j. A test whose service is missing fails with the
// command that starts it; it never skips.
//
// Each test gets its own namespace (Namespace) and every row and node of it
// is removed when the test ends, so tests run in parallel.
package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/postgres"
)

const startHint = "start the services with `make test` or `scripts/stack/stack.sh start`"

// Env returns the environment variable name or its default.
func Env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Neo4j connection settings used by tests (the local stack's defaults).
func Neo4jURI() string      { return Env("EVOKG_NEO4J_URI", "neo4j://127.0.0.1:7687") }
func Neo4jUser() string     { return Env("EVOKG_NEO4J_USER", "neo4j") }
func Neo4jPassword() string { return Env("EVOKG_NEO4J_PASSWORD", "evokg-local-neo4j") }

// PostgresURL is the Postgres URL used by tests: EVOKG_TEST_POSTGRES_URL,
// by default the local stack's test database, never the database a running
// `make up` uses, so tests share no job queue, lock or row with it.
func PostgresURL() string { return Env("EVOKG_TEST_POSTGRES_URL", DefaultPostgresURL) }

// DefaultPostgresURL is the test database of the local stack.
const DefaultPostgresURL = "postgres://evokg:evokg-local@127.0.0.1:5432/evokg_test?sslmode=disable"

var (
	pgOnce sync.Once
	pgPool *pgxpool.Pool
	pgErr  error
	n4Once sync.Once
	n4     neo4j.DriverWithContext
	n4Err  error
)

// Postgres returns a pool on the migrated test database, shared by the tests
// of one package.
func Postgres(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pgOnce.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		pgPool, pgErr = postgres.Open(ctx, postgres.Config{URL: PostgresURL()})
		if pgErr != nil {
			return
		}
		var m *postgres.Migrator
		if m, pgErr = postgres.NewMigrator(pgPool); pgErr == nil {
			pgErr = m.Up(ctx)
		}
	})
	if pgErr != nil {
		t.Fatalf("postgres is required: %v (%s)", pgErr, startHint)
	}
	return pgPool
}

// Neo4j returns a driver for the test Neo4j, shared by the tests of one package.
func Neo4j(t testing.TB) neo4j.DriverWithContext {
	t.Helper()
	n4Once.Do(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		n4, n4Err = neo4j.NewDriverWithContext(Neo4jURI(), neo4j.BasicAuth(Neo4jUser(), Neo4jPassword(), ""))
		if n4Err == nil {
			n4Err = n4.VerifyConnectivity(ctx)
		}
	})
	if n4Err != nil {
		t.Fatalf("neo4j is required at %s: %v (%s)", Neo4jURI(), n4Err, startHint)
	}
	return n4
}

// Namespace returns a fresh namespace name for t and removes all of its data
// from Postgres and Neo4j when t ends.
func Namespace(t testing.TB) string {
	t.Helper()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	ns := "t-" + hex.EncodeToString(b)
	t.Cleanup(func() { purge(t, ns) })
	return ns
}

// Adopt removes all of ns's data from Postgres and Neo4j when t ends: for
// namespaces the code under test creates itself.
func Adopt(t testing.TB, ns string) {
	t.Helper()
	t.Cleanup(func() { purge(t, ns) })
}

func purge(t testing.TB, ns string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if pgPool != nil {
		if err := postgres.PurgeNamespace(ctx, pgPool, ns); err != nil {
			t.Errorf("purging postgres namespace %s: %v", ns, err)
		}
	}
	if n4 != nil {
		session := n4.NewSession(ctx, neo4j.SessionConfig{})
		defer session.Close(ctx)
		stmt, err := fs.ReadFile(graph.CypherFiles, "cypher/purge_namespace.cypher")
		var res neo4j.ResultWithContext
		if err == nil {
			res, err = session.Run(ctx, string(stmt), map[string]any{"namespace": ns})
		}
		if err == nil {
			_, err = res.Consume(ctx)
		}
		if err != nil {
			t.Errorf("purging neo4j namespace %s: %v", ns, err)
		}
	}
}

// Logger returns a logger that writes to t.Log.
func Logger(t testing.TB) *slog.Logger {
	return slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(string(p))
	return len(p), nil
}

// IsolatedPostgresURL returns a URL of the test database whose tables live
// in a fresh schema (pgvector stays reachable in public), dropped when t
// ends. Tests that run whole evokg processes use it so their job queue
// never meets the jobs of tests running beside them.
func IsolatedPostgresURL(t testing.TB) string {
	t.Helper()
	pool := Postgres(t)
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	ctx := context.Background()
	_, err := pool.Exec(ctx, "CREATE SCHEMA "+schema) // schema name is generated here, not input
	if err != nil {
		t.Fatalf("creating schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		if _, err := pool.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE"); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(PostgresURL())
	if err != nil {
		t.Fatalf("bad postgres URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema+",public")
	u.RawQuery = q.Encode()
	return u.String()
}

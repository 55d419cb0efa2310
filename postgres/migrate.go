package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
)

// PreviousRelease is the migration version of the previous release's
// schema. `evokg migrate up` upgrades a database from any earlier version;
// the upgrade from this one is tested (TestUpgradeFromThePreviousRelease).
const PreviousRelease = 25

// Migrator applies EvoKG's migrations and River's job-queue schema.
type Migrator struct {
	pool  *pgxpool.Pool
	db    *sql.DB
	goose *goose.Provider
}

// NewMigrator prepares a migrator over pool.
func NewMigrator(pool *pgxpool.Pool) (*Migrator, error) {
	db := stdlib.OpenDBFromPool(pool)
	// Out-of-order application lets a database that already has a later
	// migration accept an earlier-numbered one added on another branch.
	provider, err := goose.NewProvider(goose.DialectPostgres, db, Migrations, goose.WithAllowOutofOrder(true))
	if err != nil {
		return nil, fmt.Errorf("loading migrations: %w", err)
	}
	return &Migrator{pool: pool, db: db, goose: provider}, nil
}

// river returns River's migrator for the first schema of the search path,
// where goose puts EvoKG's tables. Left without a schema, River would find
// the river_migration table of a schema further down the path (public, for
// a test's schema of its own) and share that schema's job queue.
func (m *Migrator) river(ctx context.Context) (*rivermigrate.Migrator[pgx.Tx], error) {
	var schema string
	if err := m.pool.QueryRow(ctx, queries.Get("current_schema")).Scan(&schema); err != nil {
		return nil, fmt.Errorf("reading the current schema: %w", err)
	}
	river, err := rivermigrate.New(riverpgxv5.New(m.pool), &rivermigrate.Config{Schema: schema})
	if err != nil {
		return nil, fmt.Errorf("loading river migrations: %w", err)
	}
	return river, nil
}

// Up applies every pending migration, River's first. An advisory lock keeps
// concurrent migrators (replicas starting together, test binaries) in line.
func (m *Migrator) Up(ctx context.Context) error {
	return m.up(ctx, func() error {
		_, err := m.goose.Up(ctx)
		return err
	})
}

// UpTo is Up to EvoKG's migration version, inclusive (River's all): a
// database at an earlier release's schema, for the upgrade test.
func (m *Migrator) UpTo(ctx context.Context, version int64) error {
	return m.up(ctx, func() error {
		_, err := m.goose.UpTo(ctx, version)
		return err
	})
}

func (m *Migrator) up(ctx context.Context, evokgUp func() error) error {
	conn, err := m.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, queries.Get("migrate_lock")); err != nil {
		return fmt.Errorf("taking the migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), queries.Get("migrate_unlock")) //nolint:errcheck // released with the session anyway
	if err := createFirstSchema(ctx, conn.Conn()); err != nil {
		return err
	}
	river, err := m.river(ctx)
	if err != nil {
		return err
	}
	if _, err := river.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrations: %w", err)
	}
	if err := evokgUp(); err != nil {
		return fmt.Errorf("evokg migrations: %w", err)
	}
	return nil
}

// createFirstSchema creates the schema the search path names first when it
// does not exist yet, so that a URL with search_path=dim384,public (a schema
// for another embedding dimension, see scripts/up.sh) is migrated into that
// schema. Left missing, Postgres would skip it and the tables would land in
// the next schema of the path. "$user" and pg_* entries are left alone.
func createFirstSchema(ctx context.Context, conn *pgx.Conn) error {
	var path string
	if err := conn.QueryRow(ctx, queries.Get("search_path")).Scan(&path); err != nil {
		return fmt.Errorf("reading the search path: %w", err)
	}
	schema := firstSchema(path)
	if schema == "" {
		return nil
	}
	var exists bool
	if err := conn.QueryRow(ctx, queries.Get("schema_exists"), schema).Scan(&exists); err != nil {
		return fmt.Errorf("looking up schema %s: %w", schema, err)
	}
	if exists {
		return nil
	}
	if _, err := conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize()); err != nil {
		return fmt.Errorf("creating schema %s, the first of the search path %q: %w", schema, path, err)
	}
	return nil
}

// firstSchema is the name of the first entry of a search_path setting (an
// unquoted name folded to lower case, as Postgres does), or "" when that
// entry is empty, "$user" or a pg_ schema.
func firstSchema(path string) string {
	path = strings.TrimSpace(path)
	var name string
	if rest, ok := strings.CutPrefix(path, `"`); ok {
		var b strings.Builder
		for i := 0; i < len(rest); i++ {
			if rest[i] == '"' {
				if i+1 < len(rest) && rest[i+1] == '"' { // "" is a quote inside the name
					b.WriteByte('"')
					i++
					continue
				}
				break
			}
			b.WriteByte(rest[i])
		}
		name = b.String()
	} else {
		first, _, _ := strings.Cut(path, ",")
		name = strings.ToLower(strings.TrimSpace(first))
	}
	if name == "" || name == "$user" || strings.HasPrefix(name, "pg_") {
		return ""
	}
	return name
}

// Down rolls back the most recent EvoKG migration (River's schema stays).
func (m *Migrator) Down(ctx context.Context) error {
	if _, err := m.goose.Down(ctx); err != nil {
		return fmt.Errorf("evokg migrations: %w", err)
	}
	return nil
}

// Status writes one line per EvoKG migration and River's schema version.
func (m *Migrator) Status(ctx context.Context, w io.Writer) error {
	states, err := m.goose.Status(ctx)
	if err != nil {
		return err
	}
	for _, s := range states {
		applied := "pending"
		if s.State == goose.StateApplied {
			applied = "applied " + s.AppliedAt.Format("2006-01-02 15:04:05")
		}
		fmt.Fprintf(w, "%05d  %-40s %s\n", s.Source.Version, strings.TrimSuffix(pathBase(s.Source.Path), ".sql"), applied)
	}
	river, err := m.river(ctx)
	if err != nil {
		return err
	}
	versions, err := river.ExistingVersions(ctx)
	if err != nil {
		return err
	}
	if n := len(versions); n > 0 {
		fmt.Fprintf(w, "river  job queue schema version %d\n", versions[n-1].Version)
	}
	return nil
}

func pathBase(p string) string { return p[strings.LastIndex(p, "/")+1:] }

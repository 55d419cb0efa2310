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

	"github.com/evokg/evokg/migrations"
)

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
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS, goose.WithAllowOutofOrder(true))
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
	conn, err := m.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, queries.Get("migrate_lock")); err != nil {
		return fmt.Errorf("taking the migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), queries.Get("migrate_unlock")) //nolint:errcheck // released with the session anyway
	river, err := m.river(ctx)
	if err != nil {
		return err
	}
	if _, err := river.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("river migrations: %w", err)
	}
	if _, err := m.goose.Up(ctx); err != nil {
		return fmt.Errorf("evokg migrations: %w", err)
	}
	return nil
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

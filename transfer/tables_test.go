package transfer

import (
	"context"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

// TestTablesAreTheNamespacedTables: Tables lists exactly the tables whose
// rows carry a namespace, so a new migration's table cannot be left out of
// exports; and each gets statements over its stored columns.
func TestTablesAreTheNamespacedTables(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	// A schema of its own, migrated by this tree: the shared test schema
	// may hold tables of other branches' migrations.
	pool, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t)})
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	m, err := postgres.NewMigrator(pool)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	rows, err := pool.Query(ctx, queries.Get("namespaced_tables"))
	require.NoError(t, err)
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	sorted := slices.Sorted(slices.Values(Tables))
	require.Equal(t, names, sorted)

	tables, err := statements(ctx, pool)
	require.NoError(t, err)
	require.Len(t, tables, len(Tables))
	for _, tb := range tables {
		if tb.name == "experiences" {
			require.NotContains(t, tb.insert, "lexemes", "a generated column is rebuilt, not written")
			require.Contains(t, tb.export, `"record"`)
		}
		if tb.name == "namespaces" {
			require.NotContains(t, tb.export, "created_by", "a namespace's creator is a key of its own stack")
			require.Contains(t, tb.export, `"probation"`)
		}
	}
}

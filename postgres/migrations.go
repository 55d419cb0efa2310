package postgres

import (
	"embed"
	"io/fs"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// Migrations holds EvoKG's numbered migrations, migrations/NNNNN_name.sql
// with goose annotations, at its root. They are applied by Migrator,
// together with River's own. The embedding dimension is read from the
// session setting evokg.embedding_dim, which Open sets from configuration.
var Migrations = mustSub(fs.Sub(migrationFiles, "migrations"))

func mustSub(fsys fs.FS, err error) fs.FS {
	if err != nil {
		panic(err)
	}
	return fsys
}

// Package migrations embeds EvoKG's numbered Postgres migrations. They are
// applied by goose (see postgres.Migrate), together with River's own.
//
// Files are named NNNNN_name.sql and use goose annotations. The embedding
// dimension is read from the session setting evokg.embedding_dim, which the
// migrator sets from configuration.
package migrations

import "embed"

// FS holds every migration file.
//
//go:embed *.sql
var FS embed.FS

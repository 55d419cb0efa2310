// Package cypher embeds every Cypher statement EvoKG runs, one per file.
// Statements are parameterized and scoped by $namespace; labels and
// relationship types are literal text in the files, never built from input.
//
// Layout: *.cypher (queries, loaded by name), schema/*.cypher (constraints
// and indexes, applied in file order), server/*.cypher (statements about
// the server itself, not a namespace, for the benches), transfer/ (namespace
// export and import: one statement per label and relationship type, since
// labels are never built at run time), browser/ (Neo4j Browser style sheet
// and saved queries for analysts).
package cypher

import (
	"embed"

	"github.com/evokg/evokg/internal/queryfs"
)

//go:embed *.cypher schema/*.cypher server/*.cypher transfer/*.cypher browser
var FS embed.FS

// Queries holds every top-level statement by file name.
var Queries = queryfs.MustLoad(FS, ".", ".cypher")

// Server holds the statements about the server itself by file name.
var Server = queryfs.MustLoad(FS, "server", ".cypher")

// Transfer holds the statements of namespace export and import by file name.
var Transfer = queryfs.MustLoad(FS, "transfer", ".cypher")

package graph

import (
	"embed"

	"github.com/evokg/evokg/internal/queryfs"
)

// CypherFiles holds every Cypher statement EvoKG runs, one per file under
// cypher/. Statements are parameterized and scoped by $namespace; labels and
// relationship types are literal text in the files, never built from input.
//
// Layout: cypher/*.cypher (queries, loaded by name), cypher/schema/*.cypher
// (constraints and indexes, applied in file order), cypher/upgrade/*.cypher
// (idempotent rewrites of an earlier release's data, applied after the
// schema in file order), cypher/server/*.cypher
// (statements about the server itself, not a namespace, for the benches),
// cypher/transfer/ (namespace export and import: one statement per label
// and relationship type, since labels are never built at run time),
// cypher/browser/ (Neo4j Browser style sheet and saved queries for
// analysts).
//
//go:embed cypher/*.cypher cypher/schema/*.cypher cypher/upgrade/*.cypher cypher/server/*.cypher cypher/transfer/*.cypher cypher/browser
var CypherFiles embed.FS

var (
	// queries holds every top-level statement by file name.
	queries = queryfs.MustLoad(CypherFiles, "cypher", ".cypher")
	// serverQueries holds the statements about the server itself.
	serverQueries = queryfs.MustLoad(CypherFiles, "cypher/server", ".cypher")
	// transferQueries holds the statements of namespace export and import.
	transferQueries = queryfs.MustLoad(CypherFiles, "cypher/transfer", ".cypher")
)

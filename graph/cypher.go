package graph

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
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
	queries = mustLoad("cypher")
	// serverQueries holds the statements about the server itself.
	serverQueries = mustLoad("cypher/server")
	// transferQueries holds the statements of namespace export and import.
	transferQueries = mustLoad("cypher/transfer")
)

// statements maps a statement's name (its file name without .cypher) to
// its text; asking for a name that does not exist is a programming error
// and panics, so a missing file fails the first test that uses it.
type statements map[string]string

// mustLoad loads every .cypher file directly in dir of CypherFiles. It
// panics when there is none.
func mustLoad(dir string) statements {
	const ext = ".cypher"
	set := statements{}
	entries, err := fs.ReadDir(CypherFiles, dir)
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ext {
			continue
		}
		b, err := fs.ReadFile(CypherFiles, path.Join(dir, e.Name()))
		if err != nil {
			panic(err)
		}
		set[strings.TrimSuffix(e.Name(), ext)] = strings.TrimSpace(string(b))
	}
	if len(set) == 0 {
		panic(fmt.Sprintf("graph: no %s files under %s", ext, dir))
	}
	return set
}

// Get returns the named statement or panics if it does not exist.
func (s statements) Get(name string) string {
	q, ok := s[name]
	if !ok {
		panic(fmt.Sprintf("graph: no statement named %q", name))
	}
	return q
}

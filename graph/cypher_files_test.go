package graph_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/testenv"
)

var (
	// cypherFS is graph's cypher/ folder at its root.
	cypherFS, _ = fs.Sub(graph.CypherFiles, "cypher")
	// queries holds every top-level statement by file name.
	queries = topLevelStatements()
	// String concatenation: '+' next to a string literal.
	concatPattern = regexp.MustCompile(`['"]\s*\+|\+\s*['"]`)
	// Dynamic labels or types ($(expr)) and procedures that run built strings.
	dynamicPattern = regexp.MustCompile(`\$\(|apoc\.cypher|apoc\.create\.|apoc\.merge\.`)
)

// TestCypherFilesAreScopedAndStatic reads every statement file: each
// top-level statement filters by $namespace, and none builds text or labels
// at run time. Schema files create or drop constraints and indexes only.
func TestCypherFilesAreScopedAndStatic(t *testing.T) {
	t.Parallel()
	files, err := fs.Glob(cypherFS, "*.cypher")
	require.NoError(t, err)
	require.Greater(t, len(files), 50)
	for _, name := range files {
		b, err := fs.ReadFile(cypherFS, name)
		require.NoError(t, err)
		text := stripComments(string(b))
		require.Contains(t, text, "$namespace", "%s is not scoped by namespace", name)
		require.NotRegexp(t, concatPattern, text, "%s concatenates strings", name)
		require.NotRegexp(t, dynamicPattern, text, "%s builds labels or statements at run time", name)
	}
	schema, err := fs.Glob(cypherFS, "schema/*.cypher")
	require.NoError(t, err)
	require.NotEmpty(t, schema)
	for _, name := range schema {
		b, err := fs.ReadFile(cypherFS, name)
		require.NoError(t, err)
		require.Regexp(t, `^(CREATE (CONSTRAINT|INDEX) \w+ IF NOT EXISTS|DROP (CONSTRAINT|INDEX) \w+ IF EXISTS)`, strings.TrimSpace(stripComments(string(b))), name)
	}
}

// TestEveryCypherFileIsUsed keeps cypher/ free of dead statements.
func TestEveryCypherFileIsUsed(t *testing.T) {
	t.Parallel()
	var src strings.Builder
	for _, dir := range []string{".", "../bench", "../internal/testenv"} {
		matches, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, m := range matches {
			b, err := os.ReadFile(m)
			require.NoError(t, err)
			src.Write(b)
		}
	}
	for name := range queries {
		require.Contains(t, src.String(), `"`+name+`"`, "cypher/%s.cypher is not used", name)
	}
}

func stripComments(s string) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "//") {
			out = append(out, line)
		}
	}
	return strings.Join(out, "\n")
}

var (
	labelPattern   = regexp.MustCompile(`[(\s]\w*:([A-Z]\w*)`)
	relTypePattern = regexp.MustCompile(`\[\w*:([A-Z_|]+)`)
	grassNode      = regexp.MustCompile(`node\.(\w+)\s*\{`)
)

// TestLabelsAndTypesComeFromTheClosedList checks every label and
// relationship type written in cypher/ (statements and Browser queries)
// against graph.Labels and graph.RelationshipTypes, and that the Browser
// style colours every label.
func TestLabelsAndTypesComeFromTheClosedList(t *testing.T) {
	t.Parallel()
	files, err := fs.Glob(cypherFS, "*.cypher")
	require.NoError(t, err)
	browser, err := fs.Glob(cypherFS, "browser/*.cypher")
	require.NoError(t, err)
	require.NotEmpty(t, browser)
	labels, types := map[string]bool{}, map[string]bool{}
	for _, name := range append(files, browser...) {
		b, err := fs.ReadFile(cypherFS, name)
		require.NoError(t, err)
		text := stripComments(string(b))
		for _, m := range labelPattern.FindAllStringSubmatch(text, -1) {
			require.Contains(t, graph.Labels, m[1], "%s uses label %s", name, m[1])
			labels[m[1]] = true
		}
		for _, m := range relTypePattern.FindAllStringSubmatch(text, -1) {
			for _, typ := range strings.Split(m[1], "|") {
				require.Contains(t, graph.RelationshipTypes, typ, "%s uses type %s", name, typ)
				types[typ] = true
			}
		}
	}
	require.Len(t, labels, len(graph.Labels), "every listed label is used")
	require.Len(t, types, len(graph.RelationshipTypes), "every listed type is used")
	grass, err := fs.ReadFile(cypherFS, "browser/evokg.grass")
	require.NoError(t, err)
	var styled []string
	for _, m := range grassNode.FindAllStringSubmatch(string(grass), -1) {
		styled = append(styled, m[1])
	}
	require.ElementsMatch(t, graph.Labels, styled, "one style rule per label")
}

// TestBrowserQueriesAreValid asks Neo4j to plan every saved Browser query.
func TestBrowserQueriesAreValid(t *testing.T) {
	t.Parallel()
	driver := testenv.Neo4j(t)
	ctx := t.Context()
	files, err := fs.Glob(cypherFS, "browser/*.cypher")
	require.NoError(t, err)
	session := driver.NewSession(ctx, neo4j.SessionConfig{AccessMode: neo4j.AccessModeRead})
	defer session.Close(ctx)
	p := map[string]any{"namespace": "x", "theta": 0.5, "task_type": "t", "id": "i", "skill": "s", "tool": "t", "names": []string{"n"}, "state": "quarantined"}
	for _, name := range files {
		b, err := fs.ReadFile(cypherFS, name)
		require.NoError(t, err)
		res, err := session.Run(ctx, "EXPLAIN "+string(b), p)
		if err == nil {
			_, err = res.Consume(ctx)
		}
		require.NoError(t, err, name)
	}
}

// keyLookup is a node looked up by its key from a row of an UNWIND (or a
// variable): MATCH (v:Label {namespace: $namespace, key: row.field}).
var keyLookup = regexp.MustCompile(`(?m)^MATCH \((\w+):(\w+) \{namespace: \$namespace, (id|name): [a-z_]+(?:\.[a-z_]+)?\}\)$`)

// TestKeyLookupsCarryIndexHints: the planner, guided by statistics, may
// seek such a node on a namespace-only index and filter every candidate per
// row (quadratic in a namespace's size; seen as seconds of CPU per batch).
// A hint right after the MATCH pins the unique key index.
func TestKeyLookupsCarryIndexHints(t *testing.T) {
	t.Parallel()
	checked := 0
	for name, stmt := range queries {
		lines := strings.Split(stmt, "\n")
		for i, line := range lines {
			m := keyLookup.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			checked++
			hint := fmt.Sprintf("USING INDEX %s:%s(namespace, %s)", m[1], m[2], m[3])
			require.Less(t, i+1, len(lines), "%s: %q has no hint", name, line)
			require.Equal(t, hint, strings.TrimSpace(lines[i+1]), "%s: %q", name, line)
		}
	}
	require.Greater(t, checked, 30)
}

// topLevelStatements reads cypher/*.cypher by name, as graph loads them.
func topLevelStatements() map[string]string {
	files, err := fs.Glob(cypherFS, "*.cypher")
	if err != nil {
		panic(err)
	}
	out := map[string]string{}
	for _, name := range files {
		b, err := fs.ReadFile(cypherFS, name)
		if err != nil {
			panic(err)
		}
		out[strings.TrimSuffix(name, ".cypher")] = strings.TrimSpace(string(b))
	}
	return out
}

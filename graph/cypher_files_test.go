package graph_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/cypher"
)

var (
	// String concatenation: '+' next to a string literal.
	concatPattern = regexp.MustCompile(`['"]\s*\+|\+\s*['"]`)
	// Dynamic labels or types ($(expr)) and procedures that run built strings.
	dynamicPattern = regexp.MustCompile(`\$\(|apoc\.cypher|apoc\.create\.|apoc\.merge\.`)
)

// TestCypherFilesAreScopedAndStatic reads every statement file: each
// top-level statement filters by $namespace, and none builds text or labels
// at run time. Schema files hold constraints and indexes only.
func TestCypherFilesAreScopedAndStatic(t *testing.T) {
	t.Parallel()
	files, err := fs.Glob(cypher.FS, "*.cypher")
	require.NoError(t, err)
	require.Greater(t, len(files), 50)
	for _, name := range files {
		b, err := fs.ReadFile(cypher.FS, name)
		require.NoError(t, err)
		text := stripComments(string(b))
		require.Contains(t, text, "$namespace", "%s is not scoped by namespace", name)
		require.NotRegexp(t, concatPattern, text, "%s concatenates strings", name)
		require.NotRegexp(t, dynamicPattern, text, "%s builds labels or statements at run time", name)
	}
	schema, err := fs.Glob(cypher.FS, "schema/*.cypher")
	require.NoError(t, err)
	require.NotEmpty(t, schema)
	for _, name := range schema {
		b, err := fs.ReadFile(cypher.FS, name)
		require.NoError(t, err)
		require.Regexp(t, `^CREATE (CONSTRAINT|INDEX) \w+ IF NOT EXISTS`, strings.TrimSpace(stripComments(string(b))), name)
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
	for name := range cypher.Queries {
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

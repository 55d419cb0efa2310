package evokg_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"
)

// owners names the one package that writes each Postgres table: its folder
// from the module root. Other packages call the owner. docs/development.md
// lists the same map.
var owners = map[string]string{
	"namespaces":           "access",
	"api_keys":             "access",
	"experiences":          "ingest",
	"idempotency_keys":     "ingest",
	"import_stage":         "ingest", // temporary, per importing session
	"success_index":        "vector",
	"failure_index":        "vector",
	"principle_embeddings": "vector",
	"asset_embeddings":     "vector",
	"ann_slices":           "vector",
	"experience_similar":   "ingest",
	"worker_heartbeats":    "workers",
	"river_job":            "workers", // River's own; workers is its adapter
	"bandit_arms":          "bandit",
	"bandit_run_deltas":    "bandit",
	"task_type_stats":      "bandit",
	"answers":              "answer",
	"answer_rewards":       "bandit",
	"retrievals":           "bandit",
	"evolution_runs":       "evolution",
	"evolution_iterations": "evolution",
	"slot_snapshots":       "evolution",
	"memory_switches":      "memswitch",
	"memory_utility":       "utility",
	"learner_profiles":     "profile",
	"tools":                "assets",
	"tool_stats":           "assets",
	"expert_agents":        "assets",
	"tasks":                "tasks",
	"task_attempts":        "tasks",
	"epoch_runs":           "tasks",
	"llm_calls":            "usage",
	"rate_limit_counts":    "postgres",
}

// anyTable stands for a statement whose table is chosen at run time.
const anyTable = "*"

// ownerExceptions are the writes outside a table's owner, each with its reason.
var ownerExceptions = []struct{ pkg, table, reason string }{
	{"transfer", anyTable, "namespace import writes every table that carries a namespace, in one " +
		"transaction, into an empty namespace, as evokg_purge_namespace deletes from every one"},
	{"bench", "river_job", "the retrieval benchmark drops the projection jobs of the memories it " +
		"seeds, jobs no worker works"},
	{"internal/memtest", "experiences", "tests of vector and retrieval seed memories without the " +
		"ingest pipeline"},
}

// tableWrite is one statement writing one table.
type tableWrite struct {
	pkg, table, at string
}

// TestEveryTableIsWrittenByItsOwner finds every statement of the product
// (the .sql files under */queries/ and SQL in the string literals of
// non-test Go files; migrations excepted) and fails when a package writes a
// table it does not own and no exception names the write.
func TestEveryTableIsWrittenByItsOwner(t *testing.T) {
	t.Parallel()
	writes := productWrites(t)
	require.Greater(t, len(writes), 50, "found only %d table writes: is the scan broken?", len(writes))
	used := map[int]bool{}
	for _, w := range writes {
		table := w.table
		owner, known := owners[table]
		switch {
		case table != anyTable && !known:
			t.Errorf("%s: %s writes table %s, which has no owner: add it to owners (and docs/development.md)", w.at, w.pkg, table)
		case owner == w.pkg:
		default:
			i := slices.IndexFunc(ownerExceptions, func(e struct{ pkg, table, reason string }) bool {
				return e.pkg == w.pkg && e.table == table
			})
			if i < 0 {
				t.Errorf("%s: %s writes %s, which %s owns: call the owner", w.at, w.pkg, describe(table), owner)
				continue
			}
			used[i] = true
		}
	}
	for i, e := range ownerExceptions {
		if !used[i] {
			t.Errorf("the exception for %s writing %s is never used: remove it", e.pkg, describe(e.table))
		}
	}
}

// TestEveryTableHasAnOwner: each table the migrations leave is in owners.
func TestEveryTableHasAnOwner(t *testing.T) {
	t.Parallel()
	tables := migratedTables(t)
	for _, table := range tables {
		if _, ok := owners[table]; !ok {
			t.Errorf("table %s has no owner: add it to owners and docs/development.md", table)
		}
	}
}

// TestTableOwnersAreDocumented: docs/development.md's table of owners says
// what owners says.
func TestTableOwnersAreDocumented(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("docs/development.md")
	if err != nil {
		t.Fatal(err)
	}
	row := regexp.MustCompile("(?m)^\\| `([a-z/]+)` \\| (.*) \\|$")
	name := regexp.MustCompile("`([a-z_]+)`")
	documented := map[string]string{}
	for _, m := range row.FindAllStringSubmatch(string(b), -1) {
		for _, n := range name.FindAllStringSubmatch(m[2], -1) {
			documented[n[1]] = m[1]
		}
	}
	for table, pkg := range owners {
		if documented[table] != pkg {
			t.Errorf("docs/development.md does not say that %s owns %s", pkg, table)
		}
	}
	for table, pkg := range documented {
		if owners[table] != pkg {
			t.Errorf("docs/development.md says that %s owns %s; owners does not", pkg, table)
		}
	}
}

func TestWriteTargets(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sql  string
		want []string
	}{
		{"SELECT * FROM experiences WHERE id = $1 FOR UPDATE SKIP LOCKED", nil},
		{"SELECT 1 FROM t FOR NO KEY UPDATE", nil},
		{"INSERT INTO a (x) VALUES ($1) ON CONFLICT (x) DO UPDATE SET x = excluded.x", []string{"a"}},
		{"WITH d AS (DELETE FROM b WHERE x RETURNING *) INSERT INTO c SELECT * FROM d", []string{"b", "c"}},
		{"WITH u AS (UPDATE public.d AS e SET x = 1 RETURNING e.id) SELECT id FROM u", []string{"d"}},
		{"UPDATE ONLY \"E\" SET x = 1", []string{"e"}},
		{"-- UPDATE f SET x\n/* DELETE FROM g */ SELECT 'INSERT INTO h'", nil},
		{"SELECT 'it''s INSERT INTO x' /* UPDATE y SET */ FROM z; DELETE FROM w", []string{"w"}},
		{"TRUNCATE TABLE i, j", []string{"i", "j"}},
		{"COPY k (a, b) FROM STDIN", []string{"k"}},
		{"COPY (SELECT 1) TO STDOUT", nil},
		{"COPY l TO STDOUT", nil},
		{"MERGE INTO m USING n ON true WHEN MATCHED THEN DELETE", []string{"m"}},
		{"SELECT updated_at, deleted FROM o", nil},
		{"INSERT INTO ", []string{anyTable}},
		{"DELETE FROM %I WHERE namespace = $1", []string{anyTable}},
	} {
		got := writeTargets(c.sql)
		if !slices.Equal(got, c.want) {
			t.Errorf("writeTargets(%q) = %q, want %q", c.sql, got, c.want)
		}
	}
}

func describe(table string) string {
	if table == anyTable {
		return "a table chosen at run time"
	}
	return "table " + table
}

// migrationsDir holds the migrations, which are exempt: they write any table.
const migrationsDir = "postgres/migrations"

// productWrites returns every table write of the product's statements.
func productWrites(t *testing.T) []tableWrite {
	t.Helper()
	var out []tableWrite
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." && (strings.HasPrefix(d.Name(), ".") || path == migrationsDir || path == "e2e" || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch {
		case strings.HasSuffix(path, ".sql"):
			out = append(out, sqlFileWrites(t, path)...)
		case strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
			out = append(out, goFileWrites(t, path)...)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// statementPackage is the package a statement file belongs to: the folder
// holding its queries/ folder.
func statementPackage(path string) string {
	dir := filepath.ToSlash(filepath.Dir(path))
	if i := strings.Index(dir+"/", "/queries/"); i >= 0 {
		return dir[:i]
	}
	if strings.HasPrefix(dir, "queries") {
		return "."
	}
	return dir
}

func sqlFileWrites(t *testing.T, path string) []tableWrite {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []tableWrite
	for _, table := range writeTargets(string(b)) {
		out = append(out, tableWrite{pkg: statementPackage(path), table: table, at: path})
	}
	return out
}

// goSQLWrite is how SQL that writes starts, in a Go string literal.
var goSQLWrite = regexp.MustCompile(`\b(INSERT\s+INTO|UPDATE\s|DELETE\s+FROM|TRUNCATE|COPY\s|MERGE\s+INTO)\b`)

// goFileWrites returns the writes of SQL in a Go file's string literals and
// of its pgx CopyFrom calls.
func goFileWrites(t *testing.T, path string) []tableWrite {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	pkg := filepath.ToSlash(filepath.Dir(path))
	var out []tableWrite
	add := func(pos token.Pos, tables ...string) {
		for _, table := range tables {
			out = append(out, tableWrite{pkg: pkg, table: table, at: fset.Position(pos).String()})
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err == nil && goSQLWrite.MatchString(s) {
				add(n.Pos(), writeTargets(s)...)
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "CopyFrom" && len(n.Args) == 4 {
				add(n.Pos(), copyTable(n.Args[1]))
			}
		}
		return true
	})
	return out
}

// copyTable reads the table of CopyFrom's pgx.Identifier argument.
func copyTable(arg ast.Expr) string {
	lit, ok := arg.(*ast.CompositeLit)
	if !ok || len(lit.Elts) == 0 {
		return anyTable
	}
	last, ok := lit.Elts[len(lit.Elts)-1].(*ast.BasicLit)
	if !ok || last.Kind != token.STRING {
		return anyTable
	}
	s, err := strconv.Unquote(last.Value)
	if err != nil {
		return anyTable
	}
	return strings.ToLower(s)
}

// sqlToken is a lower-cased word (keyword or identifier, quotes removed)
// or one punctuation character.
type sqlToken struct {
	text string
	word bool
}

// sqlTokens splits SQL into tokens, leaving out comments and string constants.
func sqlTokens(sql string) []sqlToken {
	var out []sqlToken
	r := []rune(sql)
	for i := 0; i < len(r); i++ {
		c := r[i]
		switch {
		case unicode.IsSpace(c):
		case c == '-' && i+1 < len(r) && r[i+1] == '-':
			for i < len(r) && r[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(r) && r[i+1] == '*':
			for i += 2; i+1 < len(r) && (r[i] != '*' || r[i+1] != '/'); i++ {
			}
			i++
		case c == '\'':
			for i++; i < len(r); i++ {
				if r[i] != '\'' {
					continue
				}
				if i+1 < len(r) && r[i+1] == '\'' {
					i++ // a doubled quote inside the constant
					continue
				}
				break
			}
		case c == '"':
			j := i + 1
			for j < len(r) && r[j] != '"' {
				j++
			}
			out = append(out, sqlToken{text: strings.ToLower(string(r[i+1 : min(j, len(r))])), word: true})
			i = j
		case c == '_' || unicode.IsLetter(c):
			j := i
			for j < len(r) && (r[j] == '_' || r[j] == '$' || unicode.IsLetter(r[j]) || unicode.IsDigit(r[j])) {
				j++
			}
			out = append(out, sqlToken{text: strings.ToLower(string(r[i:j])), word: true})
			i = j - 1
		default:
			out = append(out, sqlToken{text: string(c)})
		}
	}
	return out
}

// writeTargets returns the tables a statement writes, in order: INSERT INTO,
// UPDATE, DELETE FROM, TRUNCATE, COPY … FROM and MERGE INTO, in CTEs too.
// An ON CONFLICT … DO UPDATE writes its INSERT's table; FOR UPDATE locks and
// writes nothing. anyTable stands for a table not written in the text.
func writeTargets(sql string) []string {
	toks := sqlTokens(sql)
	is := func(i int, words ...string) bool {
		return i >= 0 && i < len(toks) && toks[i].word && slices.Contains(words, toks[i].text)
	}
	// name reads a possibly qualified table name at i, skipping ONLY; it
	// returns the name and the index after it.
	name := func(i int) (string, int) {
		if is(i, "only") {
			i++
		}
		if i >= len(toks) || !toks[i].word {
			return anyTable, i
		}
		n := toks[i].text
		for i+2 < len(toks) && toks[i+1].text == "." && toks[i+2].word {
			n, i = toks[i+2].text, i+2
		}
		return n, i + 1
	}
	var out []string
	for i := 0; i < len(toks); i++ {
		switch {
		case is(i, "insert", "merge") && is(i+1, "into"), is(i, "delete") && is(i+1, "from"):
			n, _ := name(i + 2)
			out = append(out, n)
		case is(i, "update") && !is(i-1, "do", "for", "key", "on", "of", "before", "after", "or"):
			if i+1 == len(toks) {
				out = append(out, anyTable)
				continue
			}
			n, j := name(i + 1)
			if is(j, "as") {
				j++
			}
			if is(j, "set") || (j+1 < len(toks) && toks[j].word && is(j+1, "set")) {
				out = append(out, n)
			}
		case is(i, "truncate"):
			j := i + 1
			if is(j, "table") {
				j++
			}
			for {
				n, next := name(j)
				out = append(out, n)
				if next >= len(toks) || toks[next].text != "," {
					break
				}
				j = next + 1
			}
		case is(i, "copy"):
			if i+1 < len(toks) && toks[i+1].text == "(" {
				continue // COPY (query) TO
			}
			n, j := name(i + 1)
			if j < len(toks) && toks[j].text == "(" {
				for j < len(toks) && toks[j].text != ")" {
					j++
				}
				j++
			}
			if n == anyTable || is(j, "from") {
				out = append(out, n)
			}
		}
	}
	return out
}

// migratedTables returns the tables the migrations leave, under the names
// their CREATE TABLE and ALTER TABLE … RENAME TO give them.
func migratedTables(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(migrationsDir, "*.sql"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no migrations under %s: %v", migrationsDir, err)
	}
	create := regexp.MustCompile(`(?i)CREATE\s+(?:UNLOGGED\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?([a-z_]+)\s*\(`)
	rename := regexp.MustCompile(`(?i)ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?([a-z_]+)\s+RENAME\s+TO\s+([a-z_]+)`)
	drop := regexp.MustCompile(`(?i)DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?([a-z_]+)`)
	var tables []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		up, _, _ := strings.Cut(string(b), "-- +goose Down")
		for _, m := range create.FindAllStringSubmatch(up, -1) {
			tables = append(tables, m[1])
		}
		for _, m := range rename.FindAllStringSubmatch(up, -1) {
			tables = slices.DeleteFunc(tables, func(s string) bool { return s == m[1] })
			tables = append(tables, m[2])
		}
		for _, m := range drop.FindAllStringSubmatch(up, -1) {
			tables = slices.DeleteFunc(tables, func(s string) bool { return s == m[1] })
		}
	}
	return tables
}

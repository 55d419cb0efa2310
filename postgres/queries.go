package postgres

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = MustLoadQueries(queryFiles)

// Queries maps a statement's name (its file name without .sql) to its SQL.
// A package that runs SQL embeds its queries/*.sql and loads them once at
// start-up; asking for a name that does not exist is a programming error
// and panics, so a missing file fails the first test that uses it.
type Queries map[string]string

// MustLoadQueries loads every .sql file directly in the queries folder of
// fsys. It panics when there is none.
func MustLoadQueries(fsys fs.FS) Queries {
	const dir, ext = "queries", ".sql"
	q := Queries{}
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		if e.IsDir() || path.Ext(e.Name()) != ext {
			continue
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			panic(err)
		}
		q[strings.TrimSuffix(e.Name(), ext)] = strings.TrimSpace(string(b))
	}
	if len(q) == 0 {
		panic(fmt.Sprintf("postgres: no %s files under %s", ext, dir))
	}
	return q
}

// Get returns the named statement or panics if it does not exist.
func (q Queries) Get(name string) string {
	s, ok := q[name]
	if !ok {
		panic(fmt.Sprintf("postgres: no query named %q", name))
	}
	return s
}

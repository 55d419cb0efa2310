// Package queryfs loads named query files (one SQL or Cypher statement per
// file) from an embedded file system. A package loads its set once at
// start-up; asking for a name that does not exist is a programming error
// and panics, so a missing file fails the first test that uses it.
package queryfs

import (
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// Set maps a query name (file name without extension) to its text.
type Set map[string]string

// MustLoad loads every file with extension ext (".sql", ".cypher") directly
// in dir of fsys (not in sub-folders), keyed by base name. It panics when none is found.
func MustLoad(fsys fs.FS, dir, ext string) Set {
	set := Set{}
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
		set[strings.TrimSuffix(e.Name(), ext)] = strings.TrimSpace(string(b))
	}
	if len(set) == 0 {
		panic(fmt.Sprintf("queryfs: no %s files under %s", ext, dir))
	}
	return set
}

// Get returns the named query or panics if it does not exist.
func (s Set) Get(name string) string {
	q, ok := s[name]
	if !ok {
		panic(fmt.Sprintf("queryfs: no query named %q", name))
	}
	return q
}

package evokg_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// sharedNames are exported type names a subpackage may declare although the
// root declares them too, each with its reason.
var sharedNames = map[string]string{}

// TestOneShapePerConcept fails when an exported type name is declared both
// in the root package and in a subpackage: a concept has one shape, declared
// at the root, and adapters speak it instead of a look-alike. A root
// interface's implementation may bear its name (llm.Embedder implements
// evokg.Embedder) when its package asserts so: var _ evokg.X = (*X)(nil).
func TestOneShapePerConcept(t *testing.T) {
	d := readDecls(t)
	for name, where := range d.sub {
		if !d.root[name] {
			continue
		}
		if _, ok := sharedNames[name]; ok {
			continue
		}
		for _, dir := range where {
			if !d.rootInterface[name] || !d.asserts[dir][name] {
				t.Errorf("type %s is declared at the root and in %s", name, dir)
			}
		}
	}
	for name := range sharedNames {
		if !d.root[name] || len(d.sub[name]) == 0 {
			t.Errorf("sharedNames lists %s, which is not declared both at the root and in a subpackage", name)
		}
	}
}

// TestRootInterfacesAsserted fails when a root interface has no
// implementation asserted at compile time: var _ evokg.X = (*pkg.T)(nil)
// beside the type that implements it.
func TestRootInterfacesAsserted(t *testing.T) {
	d := readDecls(t)
	for name := range d.rootInterface {
		if !d.rootInterface[name] {
			continue
		}
		asserted := false
		for _, names := range d.asserts {
			asserted = asserted || names[name]
		}
		if !asserted {
			t.Errorf("no package asserts an implementation of evokg.%s", name)
		}
	}
}

// decls are the exported type declarations of the repository.
type decls struct {
	root          map[string]bool     // exported types of the root package
	rootInterface map[string]bool     // of them, the interfaces
	sub           map[string][]string // exported type name → subpackages declaring it
	// asserts holds, per subpackage, the root interfaces it asserts an
	// implementation of (var _ evokg.X = …).
	asserts map[string]map[string]bool
}

// readDecls reads the exported type declarations of every package. Test
// files, clients/ and testdata are not read.
func readDecls(t *testing.T) decls {
	t.Helper()
	d := decls{root: map[string]bool{}, rootInterface: map[string]bool{}, sub: map[string][]string{},
		asserts: map[string]map[string]bool{}}
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, entry fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if entry.IsDir() {
			if path != "." && (path == "clients" || entry.Name() == "testdata" || strings.HasPrefix(entry.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		d.add(filepath.ToSlash(filepath.Dir(path)), f)
		return nil
	})
	if err != nil {
		t.Fatalf("reading the repository: %v", err)
	}
	return d
}

func (d decls) add(dir string, f *ast.File) {
	for _, decl := range f.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok {
			continue
		}
		for _, spec := range gd.Specs {
			switch spec := spec.(type) {
			case *ast.TypeSpec:
				d.addType(dir, spec)
			case *ast.ValueSpec:
				if name, ok := assertedRootInterface(spec); ok && dir != "." {
					if d.asserts[dir] == nil {
						d.asserts[dir] = map[string]bool{}
					}
					d.asserts[dir][name] = true
				}
			}
		}
	}
}

func (d decls) addType(dir string, spec *ast.TypeSpec) {
	name := spec.Name.Name
	switch {
	case !ast.IsExported(name):
	case dir == ".":
		d.root[name] = true
		_, d.rootInterface[name] = spec.Type.(*ast.InterfaceType)
	case !slices.Contains(d.sub[name], dir):
		d.sub[name] = append(d.sub[name], dir)
	}
}

// assertedRootInterface returns X for var _ evokg.X = ….
func assertedRootInterface(spec *ast.ValueSpec) (string, bool) {
	sel, ok := spec.Type.(*ast.SelectorExpr)
	if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "_" {
		return "", false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return sel.Sel.Name, ok && pkg.Name == "evokg"
}

package evokg_test

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The documentation is README.md (the front page) and docs/**/*.md.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir("docs", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatalf("walking docs/: %v", err)
	}
	return files
}

var (
	// [text](target) and ![alt](target); the text may hold brackets one level deep.
	inlineLink = regexp.MustCompile(`!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*(<[^>]*>|[^()\s]*(?:\([^()\s]*\)[^()\s]*)*)(?:\s+"[^"]*")?\s*\)`)
	// [label]: target
	referenceLink = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*(\S+)`)
	codeSpan      = regexp.MustCompile("`+[^`]*`+")
	externalLink  = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`) // http:, https:, mailto:, …
)

// mdLink is one link target of a Markdown file.
type mdLink struct {
	line   int
	target string
}

// links returns the link and image targets of a Markdown file, outside
// fenced code blocks and code spans.
func links(t *testing.T, path string) []mdLink {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v", err)
	}
	defer f.Close()
	var out []mdLink
	fence := ""
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimLeft(line, " ")
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			out = append(out, mdLink{n, strings.Trim(m[1], "<>")})
		}
		if m := referenceLink.FindStringSubmatch(line); m != nil {
			out = append(out, mdLink{n, strings.Trim(m[1], "<>")})
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return out
}

// TestDocsLinksResolve fails for every relative link or image of the
// documentation whose file or folder does not exist.
func TestDocsLinksResolve(t *testing.T) {
	checked := 0
	for _, file := range docFiles(t) {
		for _, l := range links(t, file) {
			target := l.target
			if target == "" || strings.HasPrefix(target, "#") || externalLink.MatchString(target) {
				continue
			}
			if i := strings.IndexAny(target, "#?"); i >= 0 {
				target = target[:i]
			}
			resolved := filepath.Join(filepath.Dir(file), filepath.FromSlash(target))
			if strings.HasPrefix(target, "/") {
				resolved = filepath.FromSlash(strings.TrimPrefix(target, "/"))
			}
			checked++
			if _, err := os.Stat(resolved); err != nil {
				t.Errorf("%s:%d: link target %q does not exist (resolved to %s)", file, l.line, l.target, resolved)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no relative links found: the link parser is broken")
	}
}

// README's limit: a front page, not the manual.
const readmeMaxLines = 200

// TestREADMEIsAFrontPage keeps README.md short and its layout table equal
// to the repository's top-level folders.
func TestREADMEIsAFrontPage(t *testing.T) {
	data, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.TrimSuffix(string(data), "\n")
	if n := strings.Count(text, "\n") + 1; n > readmeMaxLines {
		t.Errorf("README.md has %d lines; a front page has at most %d (move the rest into docs/)", n, readmeMaxLines)
	}

	table := layoutFolders(t, text)
	want := topLevelFolders(t)
	for _, dir := range want {
		if !slices.Contains(table, dir) {
			t.Errorf("README.md's layout table lacks `%s/`, a top-level folder of the repository", dir)
		}
	}
	for _, dir := range table {
		if info, err := os.Stat(dir); err != nil || !info.IsDir() {
			t.Errorf("README.md's layout table names `%s/`, which is not a folder of the repository", dir)
		}
	}
}

var folderName = regexp.MustCompile("^`?([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)*)/`?$")

// layoutFolders returns the folders named in the first column of the table
// under README's "## Layout" heading, written `name/` or name/.
func layoutFolders(t *testing.T, readme string) []string {
	t.Helper()
	var folders []string
	in, rows := false, 0
	for _, line := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			in = strings.TrimSpace(strings.TrimPrefix(line, "## ")) == "Layout"
			continue
		case !in || !strings.HasPrefix(strings.TrimSpace(line), "|"):
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		first := strings.TrimSpace(cells[0])
		if rows++; rows <= 2 { // the header and the delimiter row
			continue
		}
		for _, item := range strings.Split(first, ",") {
			if m := folderName.FindStringSubmatch(strings.TrimSpace(item)); m != nil {
				folders = append(folders, m[1])
			}
		}
	}
	if len(folders) == 0 {
		t.Fatal("README.md has no `## Layout` table naming folders (`name/`)")
	}
	return folders
}

// topLevelFolders returns the top-level folders the layout table must name:
// those holding Go code anywhere below them, and scripts, docs and clients.
func topLevelFolders(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		name := e.Name()
		if !e.IsDir() || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" {
			continue
		}
		if slices.Contains([]string{"scripts", "docs", "clients"}, name) || holdsGo(t, name) {
			dirs = append(dirs, name)
		}
	}
	return dirs
}

func holdsGo(t *testing.T, dir string) bool {
	t.Helper()
	found := errors.New("found")
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") {
			return found
		}
		return nil
	})
	if err != nil && err != found {
		t.Fatalf("walking %s: %v", dir, err)
	}
	return err == found
}

// outsideFiles are files the code or docs once cited that the repository
// does not hold; a reader could not follow them.
var outsideFiles = []string{"DESIGN.md", "STYLE.md"}

// No source file, script or document cites a file outside the repository.
func TestNoReferenceOutsideTheRepository(t *testing.T) {
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "clients" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !slices.Contains([]string{".go", ".md", ".sql", ".cypher", ".yaml", ".yml", ".sh", ".js", ".py", ".tmpl"}, filepath.Ext(path)) ||
			path == "docs_test.go" {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, name := range outsideFiles {
			if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) && strings.Contains(string(b), name) {
				t.Errorf("%s cites %s, which is not in the repository", path, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

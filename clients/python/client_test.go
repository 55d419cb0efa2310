// Package python holds the Python client generated from the API's OpenAPI
// document (evokg-client, by openapi-python-client) and its tests: the
// checked-in client equals a fresh generation, and the README's quickstart
// runs through it against the real server.
package python_test

import (
	"context"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/postgres"
)

const (
	venvPython = "../../.stack/pyclient-venv/bin/python"
	checkedIn  = "evokg-client"
	runTimeout = 3 * time.Minute
)

// TestClientMatchesDocument regenerates the client from api/openapi.yaml
// and requires it to equal the checked-in one: `make python-client`
// regenerates it after the document changes.
func TestClientMatchesDocument(t *testing.T) {
	t.Parallel()
	out := filepath.Join(t.TempDir(), "evokg-client")
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	b, err := exec.CommandContext(ctx, "./generate.sh", out).CombinedOutput()
	require.NoError(t, err, "clients/python/generate.sh: %s", b)
	want, got := tree(t, out), tree(t, checkedIn)
	require.Equal(t, keys(want), keys(got), "the files differ from a fresh generation: run `make python-client`")
	for name, content := range want {
		require.Equal(t, content, got[name], "%s differs from a fresh generation: run `make python-client`", name)
	}
}

// tree reads every file under root by its relative path.
func tree(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			if d != nil && d.IsDir() && d.Name() == "__pycache__" {
				return filepath.SkipDir
			}
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, path)
		files[rel] = string(b)
		return err
	})
	require.NoError(t, err)
	return files
}

func keys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestQuickstart runs quickstart_test.py, the README's Python quickstart,
// with the generated client against the real server (workers included).
func TestQuickstart(t *testing.T) {
	t.Parallel()
	py, err := filepath.Abs(venvPython)
	require.NoError(t, err)
	if _, err := os.Stat(py); err != nil {
		t.Fatalf("the client's venv is required at %s: run `make test` or clients/python/install.sh (%v)", py, err)
	}
	url, token, ns := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "-m", "unittest", "-v", "quickstart_test.py")
	cmd.Env = append(os.Environ(), "PYTHONPATH="+checkedIn, "PYTHONDONTWRITEBYTECODE=1",
		"EVOKG_URL="+url, "EVOKG_API_KEY="+token, "EVOKG_NAMESPACE="+ns)
	out, err := cmd.CombinedOutput()
	t.Logf("quickstart_test.py:\n%s", out)
	require.NoError(t, err)
}

// startServer runs the real API and workers on a Postgres schema of their
// own, the real Neo4j and the fake model server, and returns its URL, a key
// with every scope bound to a fresh namespace, and that namespace.
func startServer(t *testing.T) (url, token, ns string) {
	t.Helper()
	ctx := context.Background()
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	cfg := app.Config{
		Postgres: postgres.Config{URL: testenv.IsolatedPostgresURL(t), MaxConns: 10},
		Graph:    graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()},
		LLM:      llm.Config{BaseURL: ollamafake.New(ollamafake.Options{}).Start(t)},
		HTTP:     &http.Client{Timeout: time.Minute},
		Migrate:  true,
	}
	a, err := app.Open(ctx, cfg, app.ModeWorker, logger)
	require.NoError(t, err)
	t.Cleanup(func() { a.Close(context.Background()) })
	require.NoError(t, a.Jobs.Start(ctx))
	t.Cleanup(func() {
		stop, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		require.NoError(t, a.Jobs.Stop(stop))
	})
	ns = testenv.Namespace(t)
	token, _, err = access.NewKeyStore(a.Pool, logger).Create(ctx, "python-quickstart", evokg.Scopes, []string{ns})
	require.NoError(t, err)
	srv := httptest.NewServer(api.NewHandler(api.Config{}, a.APIDeps(), logger))
	t.Cleanup(srv.Close)
	return srv.URL, token, ns
}

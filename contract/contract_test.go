package contract_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/runs"
)

// The generated run: a fixed seed and a bounded number of examples per
// operation (schemathesis.toml), so it is the same run every time.
const (
	seed          = 20260113
	runTimeout    = 4 * time.Minute
	embeddingDim  = 8 // small, so generated embeddings stay small
	schemathesis  = "../.stack/contract-venv/bin/schemathesis"
	installScript = "contract/install.sh"
)

// server is the real API process: every service wired by internal/app on
// the real databases, the fake model server, and a key with every scope.
type server struct {
	url, token string
}

func startServer(t *testing.T) server {
	t.Helper()
	testenv.Neo4j(t)
	fake := ollamafake.New(ollamafake.Options{EmbeddingDim: embeddingDim})
	cfg := app.Config{
		Postgres: postgres.Config{URL: testenv.IsolatedPostgresURL(t), EmbeddingDim: embeddingDim},
		Graph:    graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()},
		LLM:      llm.Config{BaseURL: fake.Start(t), EmbeddingDim: embeddingDim},
		HTTP:     &http.Client{Timeout: 30 * time.Second},
		Ingest:   ingest.Config{EmbeddingDim: embeddingDim},
		// No bound of active runs: nothing works the runs the generated
		// requests start, so valid starts would soon be 429s.
		Bounds:  runs.Bounds{PerKey: -1, PerTenant: -1},
		Migrate: true,
	}
	ctx := context.Background()
	a, err := app.Open(ctx, cfg, app.ModeAPI, testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { a.Close(context.Background()) })
	token, _, err := access.NewKeyStore(a.Pool, nil).Create(ctx, "contract", evokg.Scopes, []string{evokg.AllNamespaces})
	require.NoError(t, err)
	// The generated run's namespace (schemathesis.toml names it).
	_, err = access.NewNamespaceStore(a.Pool).CreateNamespace(ctx, evokg.Namespace{Name: "contract"}, uuid.Nil)
	require.NoError(t, err)
	// The rate limit is off for this server only: the generated run sends
	// more requests than a key may in production.
	// The document states the embedding dimension and the run caps, as
	// `evokg serve` makes it.
	limits := a.Config.Evolution.WithDefaults()
	apiCfg := api.Config{RateLimit: -1, EmbeddingDim: embeddingDim, MaxRunIterations: limits.MaxIterations, MaxRunPool: limits.MaxPoolSize}
	h := api.NewHandler(apiCfg, a.APIDeps(), testenv.Logger(t))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return server{url: srv.URL, token: token}
}

// TestContractGenerated runs Schemathesis over every operation of the
// document against the real server.
func TestContractGenerated(t *testing.T) {
	bin, err := filepath.Abs(schemathesis)
	require.NoError(t, err)
	if _, err := os.Stat(bin); err != nil {
		t.Fatalf("schemathesis is required at %s: run `make test` or %s (%v)", bin, installScript, err)
	}
	s := startServer(t)
	ctx, cancel := context.WithTimeout(context.Background(), runTimeout)
	defer cancel()
	report := filepath.Join(t.TempDir(), "report.json")
	cmd := exec.CommandContext(ctx, bin, "--config-file", "schemathesis.toml", "run", s.url+"/openapi.json",
		"--url", s.url, "--seed", fmt.Sprint(seed), "--header", "Authorization: Bearer "+s.token,
		"--report", "json", "--report-json-path", report, "--no-color")
	cmd.Env = append(os.Environ(), "SCHEMATHESIS_TELEMETRY=false", "HYPOTHESIS_STORAGE_DIRECTORY="+t.TempDir())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err = cmd.Run()
	t.Logf("schemathesis ran %s:\n%s", time.Since(start).Round(time.Second), tail(out.String(), 200))
	require.NoError(t, err, "schemathesis found failures (output above)")
}

func tail(s string, lines int) string {
	all := strings.Split(s, "\n")
	if len(all) > lines {
		all = all[len(all)-lines:]
	}
	return strings.Join(all, "\n")
}

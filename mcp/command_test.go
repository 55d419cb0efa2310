package mcp_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
)

// TestCommandStdio runs `evokg mcp` as a desktop client does (the README's
// configuration: the command, its environment and a key) and drives it with
// the SDK's client over the process's stdin and stdout.
func TestCommandStdio(t *testing.T) {
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "evokg")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/evokg")
	build.Dir = ".."
	out, err := build.CombinedOutput()
	require.NoError(t, err, "go build ./cmd/evokg: %s", out)

	b := setup(t) // migrates a schema of its own and runs the workers
	ns := b.namespace(t)
	cmd := exec.Command(bin, "mcp")
	cmd.Env = append(os.Environ(), "EVOKG_POSTGRES_URL="+b.app.Config.Postgres.URL,
		"EVOKG_NEO4J_URI="+testenv.Neo4jURI(), "EVOKG_NEO4J_USER="+testenv.Neo4jUser(),
		"EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(), "EVOKG_OLLAMA_URL="+b.app.Config.LLM.BaseURL,
		"EVOKG_API_KEY="+b.key(t, evokg.Scopes, ns), "EVOKG_LOG_LEVEL=warn")
	cmd.Stderr = testWriter{t}
	cs, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	listTools(t, cs)
	id := remember(t, cs, ns)
	recall(t, cs, ns, id)
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(string(p))
	return len(p), nil
}

package scripts_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/testenv"
)

// TestNeo4jTransactionLogsAreBounded starts a Neo4j of its own with
// scripts/stack/neo4j.sh (the shared stack's jars, its own folder and
// ports), with small transaction-log files and retention so a test can
// outgrow them: after far more log than the retention is written and a
// checkpoint has run, the transaction logs on disk are within the bound.
// (The shared Neo4j keeps the settings it was started with; it takes the
// new ones at its next start.)
func TestNeo4jTransactionLogsAreBounded(t *testing.T) {
	t.Parallel()
	const (
		fileSize  = 1 << 20
		retention = 4 << 20
		written   = 16 << 20 // at least, in transaction-log bytes
	)
	n4j := startNeo4j(t, "EVOKG_NEO4J_TX_LOG_FILE=1M", "EVOKG_NEO4J_TX_LOG_RETENTION=4M size")
	ctx := context.Background()
	settings := n4j.query(t, "CALL dbms.listConfig('db.tx_log.rotation') YIELD name, value RETURN name, value")
	require.Equal(t, "4M size", settings["db.tx_log.rotation.retention_policy"])
	require.Equal(t, "1.00MiB", settings["db.tx_log.rotation.size"])

	logs := filepath.Join(n4j.dir, "neo4j", "data", "transactions", "neo4j")
	for n4j.totalRotated(t, logs) < written {
		_, err := neo4j.ExecuteQuery(ctx, n4j.driver,
			"UNWIND range(1, 2000) AS i CREATE (:Filler {i: i, text: $text})",
			map[string]any{"text": strings.Repeat("x", 256)}, neo4j.EagerResultTransformer)
		require.NoError(t, err)
	}
	// Community Edition has no db.checkpoint(); a clean shutdown checkpoints.
	n4j.script(t, "stop")
	kept := txLogBytes(t, logs)
	t.Logf("transaction logs: %d bytes written, %d kept", n4j.totalRotated(t, logs), kept)
	// A file rotates once a transaction takes it past its size, so files
	// run a little over 1 MiB: allow the retention and three files.
	require.LessOrEqual(t, kept, int64(retention+3*fileSize),
		"rotated logs beyond the retention are pruned at the checkpoint")
}

// neo4jRun is one Neo4j started by scripts/stack/neo4j.sh.
type neo4jRun struct {
	dir     string
	env     []string
	driver  neo4j.DriverWithContext
	rotated map[string]int64 // sizes of every log file seen, by name
}

func startNeo4j(t *testing.T, settings ...string) *neo4jRun {
	t.Helper()
	lib := filepath.Join(testenv.Env("EVOKG_STACK_DIR", filepath.Join(repoRoot(), ".stack")), "neo4j", "lib")
	_, err := os.Stat(lib)
	require.NoError(t, err, "Neo4j's jars are fetched by `scripts/stack/stack.sh start`")
	n := &neo4jRun{dir: t.TempDir(), rotated: map[string]int64{}}
	require.NoError(t, os.MkdirAll(filepath.Join(n.dir, "neo4j"), 0o755))
	require.NoError(t, os.Symlink(lib, filepath.Join(n.dir, "neo4j", "lib")))
	bolt, http := freeAddr(t), freeAddr(t)
	n.env = append(withoutEvokgVars(os.Environ()), "EVOKG_STACK_DIR="+n.dir,
		"EVOKG_NEO4J_BOLT_PORT="+port(bolt), "EVOKG_NEO4J_HTTP_PORT="+port(http),
		"EVOKG_NEO4J_HEAP=256m", "EVOKG_NEO4J_PAGECACHE=64m")
	n.env = append(n.env, settings...)
	t.Cleanup(func() { n.script(t, "stop") })
	n.script(t, "start")
	n.driver, err = neo4j.NewDriverWithContext("bolt://"+bolt, neo4j.BasicAuth("neo4j", "evokg-local-neo4j", ""))
	require.NoError(t, err)
	t.Cleanup(func() { _ = n.driver.Close(context.Background()) })
	return n
}

func (n *neo4jRun) script(t *testing.T, action string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "scripts/stack/neo4j.sh", action)
	cmd.Dir, cmd.Env = repoRoot(), n.env
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "neo4j.sh %s: %s", action, out)
}

// query runs a statement and returns its first two columns as a map.
func (n *neo4jRun) query(t *testing.T, cypher string) map[string]any {
	t.Helper()
	res, err := neo4j.ExecuteQuery(context.Background(), n.driver, cypher, nil, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	out := map[string]any{}
	for _, r := range res.Records {
		if len(r.Values) >= 2 {
			out[r.Values[0].(string)] = r.Values[1]
		}
	}
	return out
}

// totalRotated is the log written so far: the largest size each log file
// reached, summed, whether or not it has been pruned since.
func (n *neo4jRun) totalRotated(t *testing.T, dir string) int64 {
	t.Helper()
	for name, size := range txLogFiles(t, dir) {
		n.rotated[name] = max(n.rotated[name], size)
	}
	var total int64
	for _, size := range n.rotated {
		total += size
	}
	return total
}

// txLogBytes is the size of the transaction log files on disk.
func txLogBytes(t *testing.T, dir string) int64 {
	var total int64
	for _, size := range txLogFiles(t, dir) {
		total += size
	}
	return total
}

func txLogFiles(t *testing.T, dir string) map[string]int64 {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	out := map[string]int64{}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".transaction.db.") {
			info, err := e.Info()
			require.NoError(t, err)
			out[e.Name()] = info.Size()
		}
	}
	return out
}

func port(addr string) string { return addr[strings.LastIndexByte(addr, ':')+1:] }

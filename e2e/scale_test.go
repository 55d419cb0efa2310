package e2e_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/bench"
	"github.com/evokg/evokg/internal/testenv"
)

// TestReplicas runs `evokg bench scale` small: 3 APIs and 2 workers on one
// stack, two tenants' load, one API and one worker killed with SIGKILL
// mid-load. It checks what must hold across replicas, not how fast. A job
// the killed worker held waits for River's rescue (10 minutes), so this
// test can take that long.
func TestReplicas(t *testing.T) {
	testenv.Postgres(t)
	testenv.Neo4j(t)
	const n, limit = 200, 40
	cmd := exec.Command(buildEvokg(t), "bench", "scale", "--json", "-n", strconv.Itoa(n), "--rate-limit", strconv.Itoa(limit), "--log-dir", t.TempDir())
	cmd.Env = append(os.Environ(), "EVOKG_POSTGRES_URL="+testenv.IsolatedPostgresURL(t), "EVOKG_NEO4J_URI="+testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER="+testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(), "EVOKG_LOG_LEVEL=warn")
	var stdout bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, logWriter{t, "bench scale"}
	require.NoError(t, cmd.Run())
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	var res bench.ScaleResult
	require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &res))
	t.Logf("figures: %+v", res)

	require.Equal(t, 2*n, res.Accepted, "every write is accepted in the end (retried with its Idempotency-Key)")
	require.Equal(t, res.Accepted, res.CommittedOnce, "each committed exactly once in Postgres and in Neo4j")
	require.Zero(t, res.Lost)
	require.Zero(t, res.Duplicated)
	require.Zero(t, res.CrossTenantReads)
	require.Positive(t, res.RateRefusals, "the load meets the per-key limit")
	require.Positive(t, res.RunRefusals, "a second run start while the first is active is refused")
	require.Zero(t, res.ConcurrentRuns, "one active run per namespace")
	for _, tn := range res.Tenants {
		require.Positive(t, tn.Retrieves, tn.Namespace)
		require.Positive(t, tn.ForeignProbes, tn.Namespace)
		require.Positive(t, tn.RateRefusals, "%s: every key meets its limit", tn.Namespace)
		require.Equal(t, 1, tn.RunStarts, tn.Namespace)
		require.Equal(t, "succeeded", tn.RunStatus, tn.Namespace)
		// Three processes counting alone would let up to 3× the limit
		// through; shared, a window holds the limit, give or take the
		// requests two APIs admit between one's read and its count and those
		// in flight at the window's edge (timed at the client's send).
		require.LessOrEqual(t, tn.MaxPerWindow, limit+res.APIs+4, "%s: the limit holds across the APIs", tn.Namespace)
	}
}

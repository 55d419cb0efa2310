package e2e_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/internal/worldtest"
	"github.com/evokg/evokg/llm/ollamafake"
)

// TestExperimentCommandOnTheEnvironment runs `evokg experiment --pool world`
// against the fake model server: the process wires the Explorer into the
// loop, so the training episodes all fail in iteration 1 and all succeed in
// iteration 2 (the recipes the Explorer planned over G_env for the
// failures). The test episodes are of worlds training never visited:
// G_env holds another world's facts, and neither arm reaches a test goal,
// with the facts (component E) or without them.
func TestExperimentCommandOnTheEnvironment(t *testing.T) {
	t.Parallel()
	testenv.Postgres(t)
	testenv.Neo4j(t)
	fake := ollamafake.New(ollamafake.Options{})
	fake.Script(worldtest.Learner)
	fake.Script(worldtest.Explorer)
	fake.Script(worldtest.Planner)
	prefix := testenv.Namespace(t)
	testenv.Adopt(t, prefix+"-s1")
	testenv.Adopt(t, prefix+"-off-s1")
	vars := append(os.Environ(), "EVOKG_POSTGRES_URL="+testenv.IsolatedPostgresURL(t), "EVOKG_NEO4J_URI="+testenv.Neo4jURI(),
		"EVOKG_NEO4J_USER="+testenv.Neo4jUser(), "EVOKG_NEO4J_PASSWORD="+testenv.Neo4jPassword(),
		"EVOKG_OLLAMA_URL="+fake.Start(t), "EVOKG_LOG_FORMAT=text", "EVOKG_LOG_LEVEL=warn")
	bin := buildEvokg(t)
	experiment := func(ns string, flags ...string) experimentReport {
		args := append([]string{"experiment", "--pool", "world", "--size", "30", "--iterations", "2",
			"--seeds", "1", "--max-failures", "10", "--namespace", ns, "--json",
			// The learner profile stays the default: this test ablates the
			// G_env facts, calibration has its own tests.
			"--calibration-items", "0"}, flags...)
		out, err := runCommand(t, bin, vars, args...)
		require.NoError(t, err, out)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var r experimentReport
		require.NoError(t, json.Unmarshal([]byte(lines[len(lines)-1]), &r))
		t.Logf("%s %v: test with memory %d/%d, without %d/%d", ns, flags, r.WithMemory.Correct, r.WithMemory.Total,
			r.WithoutMemory.Correct, r.WithoutMemory.Total)
		require.Equal(t, "world", r.Pool)
		require.Equal(t, 6, r.WithMemory.Total, "6 test episodes (30: 18 train, 6 validation, 6 test)")
		require.Zero(t, r.WithoutMemory.Correct, "a look around reaches no goal")
		require.InDelta(t, r.WithMemory.Accuracy-r.WithoutMemory.Accuracy, r.Delta, 1e-9)
		require.Len(t, r.PerSeed, 1)
		curve := r.PerSeed[0].Curve
		require.Len(t, curve, 2)
		require.Zero(t, curve[0].Accuracy, "no memory in iteration 1: every training episode fails")
		return r
	}

	on := experiment(prefix)
	require.Greater(t, on.PerSeed[0].Curve[1].Accuracy, 0.5,
		"the Explorer's recipes of the other failures reach most training goals (an episode is never shown its own)")
	require.Zero(t, on.WithMemory.Correct, "another world's facts and recipes reach no test goal")
	require.Greater(t, fake.CountTask("explore"), 0)
	require.Greater(t, fake.CountTask("plan_actions"), 0)

	off := experiment(prefix+"-off", "--cascade", "principles,recipes,plan,boost")
	require.Zero(t, off.WithMemory.Correct, "a copied recipe of another world reaches no test goal")
}

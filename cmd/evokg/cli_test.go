package main

import (
	"testing"
	"time"

	"github.com/evokg/evokg/ingest"

	"github.com/alecthomas/kong"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/runs"
	"github.com/evokg/evokg/utility"
	"github.com/evokg/evokg/vector"
)

func parse(t *testing.T, args ...string) (*CLI, *kong.Context, error) {
	t.Helper()
	var cli CLI
	parser, err := newParser(&cli)
	require.NoError(t, err, "the command tree must build (no duplicate flags)")
	kctx, err := parser.Parse(args)
	return &cli, kctx, err
}

func TestCommandsParseWithDefaults(t *testing.T) {
	for _, args := range [][]string{
		{"serve"}, {"worker"}, {"migrate", "up"}, {"migrate", "status"}, {"keys", "list"},
		{"keys", "create", "--name", "ci", "--namespaces", "demo"}, {"models", "check"}, {"fake-ollama"},
		{"bench", "graph", "--json"}, {"bench", "retrieval", "--memories", "100000", "--json"},
		{"bench", "ingest", "-n", "500", "--json"}, {"graph", "rebuild", "--namespace", "demo"},
		{"maintenance", "reindex", "--dry-run", "--json"},
		{"evolve", "--namespace", "demo", "--pool", "arith", "--size", "200", "--iterations", "20"},
		{"namespace", "export", "demo"}, {"namespace", "import", "demo"},
	} {
		_, _, err := parse(t, args...)
		require.NoError(t, err, "%v", args)
	}
}

func TestServeDefaults(t *testing.T) {
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:8080", cli.Serve.Addr)
	require.Equal(t, 768, cli.Serve.Postgres.EmbeddingDim)
	require.Equal(t, "qwen3:8b", cli.Serve.Models.TeacherModel)
	require.Equal(t, "llama3.1:8b", cli.Serve.Models.LearnerModel)
	require.Equal(t, "nomic-embed-text", cli.Serve.Models.EmbeddingModel)
	require.Equal(t, retrieval.Weights{Alpha: 0.45, Beta: 0.25, Gamma: 0.10, Delta: 0.10, Epsilon: 0.10, Zeta: 0.20, Lambda: 0.25}, cli.Serve.Retrieval.Weights)
	require.False(t, cli.Serve.NoMigrate, "serve migrates at start unless disabled")
}

func TestEnvironmentOverridesDefaults(t *testing.T) {
	t.Setenv("EVOKG_ADDR", "127.0.0.1:9999")
	t.Setenv("EVOKG_EMBEDDING_DIM", "384")
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	require.Equal(t, "127.0.0.1:9999", cli.Serve.Addr)
	require.Equal(t, 384, cli.Serve.Postgres.EmbeddingDim)
}

func TestInvalidRetrievalConfigIsRefused(t *testing.T) {
	_, _, err := parse(t, "serve", "--retrieval-type-strategy-min", "1.5")
	require.Error(t, err)
	_, _, err = parse(t, "serve", "--retrieval-weights", "0.5,0.5")
	require.ErrorContains(t, err, "need 5 to 7 numbers")
}

// The HNSW candidate list of memory searches is configurable; the
// process passes it to the vector store (internal/app).
func TestEfSearchReachesTheRetrievalConfig(t *testing.T) {
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	require.Equal(t, vector.DefaultEfSearch, cli.Serve.AppConfig().Retrieval.EfSearch)
	t.Setenv("EVOKG_RETRIEVAL_EF_SEARCH", "120")
	cli, _, err = parse(t, "serve")
	require.NoError(t, err)
	require.Equal(t, 120, cli.Serve.AppConfig().Retrieval.EfSearch)
	for _, bad := range []string{"-5", "1001"} {
		_, _, err = parse(t, "serve", "--retrieval-ef-search="+bad)
		require.ErrorContains(t, err, "ef_search", bad)
	}
}

// Group commit of single ingest requests is on by default; its cap and its
// committers reach the ingest service's configuration, and values below 1
// are refused.
func TestGroupCommitReachesTheIngestConfig(t *testing.T) {
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	require.Equal(t, ingest.DefaultGroupCommit, cli.Serve.AppConfig().Ingest.GroupCommit)
	require.Equal(t, ingest.DefaultCommitters, cli.Serve.AppConfig().Ingest.Committers)
	t.Setenv("EVOKG_INGEST_GROUP_COMMIT", "1")
	t.Setenv("EVOKG_INGEST_COMMITTERS", "6")
	cli, _, err = parse(t, "worker")
	require.NoError(t, err)
	require.Equal(t, 1, cli.Worker.AppConfig().Ingest.GroupCommit)
	require.Equal(t, 6, cli.Worker.AppConfig().Ingest.Committers)
	_, _, err = parse(t, "serve", "--ingest-group-commit=0")
	require.ErrorContains(t, err, "--ingest-group-commit")
	_, _, err = parse(t, "serve", "--ingest-committers=0")
	require.ErrorContains(t, err, "--ingest-committers")
}

// Admission is on by default in the services; 0 turns it off and the
// limits are validated.
func TestAdmissionReachesTheIngestConfig(t *testing.T) {
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	got := cli.Serve.AppConfig().Ingest
	require.Equal(t, ingest.DefaultMaxLag, got.MaxLag)
	require.Equal(t, ingest.DefaultMaxQueued, got.MaxQueued)
	require.Equal(t, ingest.DefaultMaxHold, got.MaxHold)
	t.Setenv("EVOKG_INGEST_MAX_LAG", "0")
	t.Setenv("EVOKG_INGEST_MAX_QUEUED", "50")
	cli, _, err = parse(t, "worker", "--ingest-max-hold=5s")
	require.NoError(t, err)
	got = cli.Worker.AppConfig().Ingest
	require.Zero(t, got.MaxLag, "0 holds nothing")
	require.Equal(t, 50, got.MaxQueued)
	require.Equal(t, 5*time.Second, got.MaxHold)
	for _, bad := range []string{"--ingest-max-lag=-1s", "--ingest-max-hold=0", "--ingest-max-queued=0"} {
		_, _, err = parse(t, "serve", bad)
		require.ErrorContains(t, err, "--ingest-max-", bad)
	}
}

// Reads-first pacing is off unless a read target is set; its floor has a
// default and both refuse what cannot work.
func TestReadTargetReachesTheIngestConfig(t *testing.T) {
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	got := cli.Serve.AppConfig().Ingest
	require.Zero(t, got.ReadTarget)
	require.Equal(t, ingest.DefaultReadFloor, got.ReadFloor)
	t.Setenv("EVOKG_INGEST_READ_TARGET", "10ms")
	cli, _, err = parse(t, "serve", "--ingest-read-floor=250")
	require.NoError(t, err)
	got = cli.Serve.AppConfig().Ingest
	require.Equal(t, 10*time.Millisecond, got.ReadTarget)
	require.Equal(t, 250.0, got.ReadFloor)
	for _, bad := range []string{"--ingest-read-target=-1ms", "--ingest-read-floor=0"} {
		_, _, err = parse(t, "serve", bad)
		require.ErrorContains(t, err, "--ingest-read-", bad)
	}
}

// Projection lingers by default so that single requests share graph
// batches; 0 projects at once and a negative wait is refused. The flag is
// --ingest-project-linger; --project-linger, its name before projection
// moved into ingest, is still accepted.
func TestProjectLingerReachesTheIngestConfig(t *testing.T) {
	cli, _, err := parse(t, "worker")
	require.NoError(t, err)
	require.Equal(t, ingest.DefaultProjectLinger, cli.Worker.AppConfig().Ingest.ProjectLinger)
	t.Setenv("EVOKG_PROJECT_LINGER", "1s")
	cli, _, err = parse(t, "serve")
	require.NoError(t, err)
	require.Equal(t, time.Second, cli.Serve.AppConfig().Ingest.ProjectLinger)
	cli, _, err = parse(t, "worker", "--ingest-project-linger=0")
	require.NoError(t, err)
	require.Negative(t, cli.Worker.AppConfig().Ingest.ProjectLinger, "0 is no wait, not the default")
	cli, _, err = parse(t, "worker", "--project-linger=2s")
	require.NoError(t, err)
	require.Equal(t, 2*time.Second, cli.Worker.AppConfig().Ingest.ProjectLinger, "the former name")
	_, _, err = parse(t, "worker", "--ingest-project-linger=-1s")
	require.ErrorContains(t, err, "--ingest-project-linger")
}

// The cascade's components A–E are on in every process by default (MAGE's
// configuration); --cascade chooses them, and an unknown one is refused.
func TestCascadeComponentsReachTheProcessConfig(t *testing.T) {
	for _, cmd := range [][]string{{"serve"}, {"worker"}, {"evolve", "--namespace", "demo", "--pool", "arith"}} {
		cli, _, err := parse(t, cmd...)
		require.NoError(t, err)
		var flags AppFlags
		switch cmd[0] {
		case "serve":
			flags = cli.Serve.AppFlags
		case "worker":
			flags = cli.Worker.AppFlags
		case "evolve":
			flags = cli.Evolve.AppFlags
		}
		require.Equal(t, allComponents, flags.AppConfig().Cascade.Components, "%v", cmd)
		require.Equal(t, evolution.Mechanisms{}, flags.AppConfig().Mechanisms, "the Navigator and the Critic are on: %v", cmd)
	}
	cli, _, err := parse(t, "serve", "--cascade", "principles,boost")
	require.NoError(t, err)
	require.Equal(t, cascade.Components{Principles: true, Boost: true}, cli.Serve.AppConfig().Cascade.Components)
	cli, _, err = parse(t, "experiment", "--pool", "world", "--cascade", "principles,recipes,plan,boost")
	require.NoError(t, err)
	require.Equal(t, cascade.Components{Principles: true, Recipes: true, Plan: true, Boost: true}, cli.Experiment.AppConfig().Cascade.Components,
		"the environment facts switched off")
	cli, _, err = parse(t, "serve", "--cascade", "none")
	require.NoError(t, err)
	require.Equal(t, cascade.Components{}, cli.Serve.AppConfig().Cascade.Components)
	_, _, err = parse(t, "serve", "--cascade", "bogus")
	require.ErrorContains(t, err, "not a cascade component")
}

// --no-navigator and --no-critic (or EVOKG_NAVIGATOR, EVOKG_CRITIC) switch
// evolution's guidance mechanisms off.
func TestMechanismSwitchesReachTheEngine(t *testing.T) {
	cli, _, err := parse(t, "worker", "--no-navigator")
	require.NoError(t, err)
	require.Equal(t, evolution.Mechanisms{NoNavigator: true}, cli.Worker.AppConfig().Mechanisms)
	t.Setenv("EVOKG_CRITIC", "false")
	cli, _, err = parse(t, "evolve", "--namespace", "demo", "--pool", "arith")
	require.NoError(t, err)
	require.Equal(t, evolution.Mechanisms{NoCritic: true}, cli.Evolve.AppConfig().Mechanisms)
}

// allComponents switches every cascade component on.
var allComponents = cascade.Components{Principles: true, Recipes: true, Plan: true, Boost: true, Environment: true}

// --no-utility is the utility ablation: no probation, no utility weight, no
// live quarantine; five weights keep ζ's default.
func TestNoUtilityTurnsEveryPartOff(t *testing.T) {
	cli, _, err := parse(t, "evolve", "--namespace", "n", "--no-utility", "--retrieval-weights", "0.5,0.2,0.1,0.1,0.1")
	require.NoError(t, err)
	cfg := cli.Evolve.AppConfig()
	require.True(t, cfg.Mechanisms.NoUtility)
	require.True(t, cfg.Utility.Off)
	require.Zero(t, cfg.Retrieval.Weights.Zeta)

	cli, _, err = parse(t, "evolve", "--namespace", "n", "--retrieval-weights", "0.5,0.2,0.1,0.1,0.1")
	require.NoError(t, err)
	cfg = cli.Evolve.AppConfig()
	require.False(t, cfg.Mechanisms.NoUtility)
	require.False(t, cfg.Utility.Off)
	require.Equal(t, retrieval.DefaultWeights.Zeta, cfg.Retrieval.Weights.Zeta)
	require.Equal(t, retrieval.DefaultWeights.Lambda, cfg.Retrieval.Weights.Lambda)
	require.Equal(t, int64(utility.DefaultMinShown), cfg.Utility.MinShown)

	cli, _, err = parse(t, "evolve", "--namespace", "n", "--retrieval-weights", "0.5,0.2,0.1,0.1,0.1,0.3,0.4")
	require.NoError(t, err)
	w := cli.Evolve.AppConfig().Retrieval.Weights
	require.Equal(t, retrieval.Weights{Alpha: 0.5, Beta: 0.2, Gamma: 0.1, Delta: 0.1, Epsilon: 0.1, Zeta: 0.3, Lambda: 0.4}, w, "a seventh weight is λ")
}

// The bounds of active runs default to the runs package's, are read from
// the environment, and 0, which would refuse every run, is refused.
func TestActiveRunBoundsReachTheAppConfig(t *testing.T) {
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	b, err := cli.Serve.bounds()
	require.NoError(t, err)
	require.Equal(t, runs.Bounds{PerKey: runs.DefaultPerKey, PerTenant: runs.DefaultPerTenant}, b)

	t.Setenv("EVOKG_ACTIVE_RUNS_PER_KEY", "2")
	t.Setenv("EVOKG_ACTIVE_RUNS_PER_TENANT", "-1")
	cli, _, err = parse(t, "serve")
	require.NoError(t, err)
	b, err = cli.Serve.bounds()
	require.NoError(t, err)
	require.Equal(t, runs.Bounds{PerKey: 2, PerTenant: -1}, b)

	cli, _, err = parse(t, "serve", "--active-runs-per-key", "0")
	require.NoError(t, err)
	_, err = cli.Serve.bounds()
	require.ErrorContains(t, err, "0 would refuse every run")
}

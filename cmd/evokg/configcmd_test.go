package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func settingsByFlag(t *testing.T, args ...string) map[string]setting {
	t.Helper()
	list, err := commandSettings(args, os.LookupEnv)
	require.NoError(t, err)
	m := map[string]setting{}
	for _, s := range list {
		m[s.Flag] = s
	}
	return m
}

// evokg config tells a flag on the command line from an environment
// variable (an older name too) and from a default.
func TestConfigPrintsEachSettingWithItsSource(t *testing.T) {
	clearEnv(t)
	t.Setenv("EVOKG_INGEST_COMMITTERS", "3")
	t.Setenv("EVOKG_PRGII_TASKS_PER_WORKER", "5")
	t.Setenv("EVOKG_NEO4J_PASSWORD", "secret")
	t.Setenv("EVOKG_POSTGRES_URL", "postgres://u:pw@db:5432/evokg")
	got := settingsByFlag(t, "worker", "--ingest-max-lag", "2s", "--no-navigator", "--retrieval-weights", "0.5,0.2,0.1,0.1,0.1")

	require.Equal(t, setting{Flag: "--ingest-committers", Env: "EVOKG_INGEST_COMMITTERS", Value: "3", Source: "environment (EVOKG_INGEST_COMMITTERS)"}, got["--ingest-committers"])
	require.Equal(t, setting{Flag: "--tasks-per-worker", Env: "EVOKG_TASKS_PER_WORKER", Value: "5", Source: "environment (EVOKG_PRGII_TASKS_PER_WORKER)"}, got["--tasks-per-worker"])
	require.Equal(t, setting{Flag: "--ingest-max-lag", Env: "EVOKG_INGEST_MAX_LAG", Value: "2s", Source: "flag"}, got["--ingest-max-lag"])
	require.Equal(t, setting{Flag: "--navigator", Env: "EVOKG_NAVIGATOR", Value: "false", Source: "flag"}, got["--navigator"])
	require.Equal(t, "0.5,0.2,0.1,0.1,0.1,0.2,0.25", got["--retrieval-weights"].Value, "ζ and λ keep their defaults")
	require.Equal(t, setting{Flag: "--ingest-max-hold", Env: "EVOKG_INGEST_MAX_HOLD", Value: "2s", Source: "default"}, got["--ingest-max-hold"])
	require.Equal(t, setting{Flag: "--health-addr", Env: "EVOKG_WORKER_HEALTH_ADDR", Value: "", Source: "default"}, got["--health-addr"])
	require.Equal(t, "info", got["--log-level"].Value, "the global settings are listed too")
	require.Equal(t, "(hidden)", got["--neo4j-password"].Value)
	require.Equal(t, "postgres://u:xxxxx@db:5432/evokg", got["--postgres-url"].Value)
}

// Every flag of the command is listed, serve when none is named.
func TestConfigListsEveryFlagOfTheCommand(t *testing.T) {
	clearEnv(t)
	var cli CLI
	parser, err := newParser(&cli)
	require.NoError(t, err)
	kctx, err := parser.Parse([]string{"serve"})
	require.NoError(t, err)
	got := settingsByFlag(t)
	for _, f := range kctx.Flags() {
		if f.Name != "help" {
			require.Contains(t, got, "--"+f.Name)
		}
	}
	require.Len(t, got, len(kctx.Flags())-1)
	require.Equal(t, "127.0.0.1:8080", got["--addr"].Value)

	_, err = commandSettings([]string{"evolve"}, os.LookupEnv)
	require.ErrorContains(t, err, "--namespace", "the command's own checks apply")
}

func TestPrintSettings(t *testing.T) {
	var b strings.Builder
	require.NoError(t, printSettings(&b, []setting{
		{Flag: "--addr", Env: "EVOKG_ADDR", Value: "127.0.0.1:8080", Source: "default"},
		{Flag: "--json", Value: "true", Source: "flag"},
	}))
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	require.Len(t, lines, 3)
	require.Equal(t, []string{"FLAG", "ENVIRONMENT", "VALUE", "SOURCE"}, strings.Fields(lines[0]))
	require.Equal(t, []string{"--addr", "EVOKG_ADDR", "127.0.0.1:8080", "default"}, strings.Fields(lines[1]))
	require.Equal(t, []string{"--json", "-", "true", "flag"}, strings.Fields(lines[2]))
}

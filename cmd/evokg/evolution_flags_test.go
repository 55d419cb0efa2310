package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/evolution"
)

func TestEvolutionCapsDefaultsAndEnvironment(t *testing.T) {
	cli, _, err := parse(t, "serve")
	require.NoError(t, err)
	require.Equal(t, evolution.Limits{}.WithDefaults(), cli.Serve.AppConfig().Evolution, "one default, in package evolution")

	t.Setenv("EVOKG_EVOLUTION_MAX_ITERATIONS", "30")
	t.Setenv("EVOKG_EVOLUTION_MAX_POOL_SIZE", "400")
	t.Setenv("EVOKG_EVOLUTION_RUNS_PER_WORKER", "2")
	cli, _, err = parse(t, "worker")
	require.NoError(t, err)
	require.Equal(t, evolution.Limits{MaxIterations: 30, MaxPoolSize: 400, RunsPerWorker: 2}, cli.Worker.AppConfig().Evolution)
	cli, _, err = parse(t, "serve")
	require.NoError(t, err)
	cfg := cli.Serve.apiConfig()
	require.Equal(t, [2]int{30, 400}, [2]int{cfg.MaxRunIterations, cfg.MaxRunPool}, "the served document states the same caps")
}

func TestInvalidEvolutionCapsAreRefused(t *testing.T) {
	for _, args := range [][]string{
		{"serve", "--evolution-max-iterations", "-1"},
		{"worker", "--evolution-runs-per-worker", "-2"},
		{"evolve", "--namespace", "demo", "--evolution-max-pool-size", "1"},
	} {
		_, _, err := parse(t, args...)
		require.Error(t, err, "%v", args)
	}
}

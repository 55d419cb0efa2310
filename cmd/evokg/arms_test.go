package main

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/questions"
)

// bench arms answers the validation split unless --split test asks for
// the test split explicitly: the split the pool builds for a run with the
// same flags.
func TestBenchArmsAnswersValidationByDefault(t *testing.T) {
	clearEnv(t)
	p := evolution.Params{Namespace: "demo", Pool: questions.PoolSpec{Name: questions.Arith, Size: 40, Seed: 1, Validation: 0.2, Test: 0.2}}.WithDefaults()
	require.NoError(t, p.Validate())
	pool, err := p.BuildPool()
	require.NoError(t, err)
	for split, want := range map[string][]questions.Item{"": pool.Validation, "validation": pool.Validation, "test": pool.Test} {
		args := []string{"bench", "arms", "--namespace", "demo"}
		if split != "" {
			args = append(args, "--split", split)
		}
		cli, _, err := parse(t, args...)
		require.NoError(t, err)
		got, err := cli.Bench.Arms.items()
		require.NoError(t, err)
		require.NotEmpty(t, got)
		require.Equal(t, want, got, "split %q", split)
	}
}

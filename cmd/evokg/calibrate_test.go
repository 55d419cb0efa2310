package main

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/questions"
)

// calibrateSpec parses evokg calibrate with args and returns the pool it
// answers the validation split of, given the namespace's run.
func calibrateSpec(t *testing.T, run *questions.PoolSpec, args ...string) (questions.PoolSpec, error) {
	t.Helper()
	cli, _, err := parse(t, append([]string{"calibrate", "--namespace", "n"}, args...)...)
	require.NoError(t, err)
	return cli.Calibrate.poolSpec(run)
}

// With a run, calibrate answers the run's validation split and nothing
// else: its defaults are the run's, and a pool flag that differs is
// refused (the former defaults, arith of 200 seed 1, answered items a run
// of arith 40 seed 1 tests on).
func TestCalibrateAnswersOnlyTheRunsValidationSplit(t *testing.T) {
	run := evolution.Params{Pool: questions.PoolSpec{Name: questions.Arith, Size: 40, Seed: 1}}.WithDefaults().Pool
	runPool, err := run.Build()
	require.NoError(t, err)

	spec, err := calibrateSpec(t, &run)
	require.NoError(t, err)
	require.Equal(t, run, spec)
	spec, err = calibrateSpec(t, &run, "--pool", "arith", "--size", "40", "--seed", "1", "--validation", "0.2", "--test", "0.2")
	require.NoError(t, err)
	pl, err := spec.Build()
	require.NoError(t, err)
	require.Equal(t, runPool.Validation, pl.Validation)

	_, err = calibrateSpec(t, &run, "--size", "200", "--seed", "2", "--test", "0.3")
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, []evokg.FieldError{
		{Pointer: "/pool/size", Detail: "--size 200: the namespace's newest run has 40; calibrate answers the run's validation split only"},
		{Pointer: "/pool/seed", Detail: "--seed 2: the namespace's newest run has 1; calibrate answers the run's validation split only"},
		{Pointer: "/pool/test", Detail: "--test 0.3: the namespace's newest run has 0.2; calibrate answers the run's validation split only"},
	}, e.Fields)
	_, err = calibrateSpec(t, &run, "--pool", "glyph", "--run", "0b7c6a0e-0000-4000-8000-000000000001")
	require.ErrorAs(t, err, &e)
	require.Equal(t, "/pool/name", e.Fields[0].Pointer)

	// What the flags alone (no run) give: arith of 200, seed 1, whose
	// validation split shares items with the run's test split.
	spec, err = calibrateSpec(t, nil)
	require.NoError(t, err)
	require.Equal(t, questions.PoolSpec{Name: questions.Arith, Size: 200, Seed: 1, Validation: 0.2, Test: 0.2}, spec)
	pl, err = spec.Build()
	require.NoError(t, err)
	require.True(t, slices.ContainsFunc(pl.Validation, func(it questions.Item) bool {
		return slices.ContainsFunc(runPool.Test, func(t questions.Item) bool { return t.ID == it.ID })
	}), "the former defaults answered test items of the run")

	// A size above the pool's supply is the supply, as the run took it.
	digits := evolution.Params{Pool: questions.PoolSpec{Name: questions.Digits, Size: 1000, Seed: 3}}.WithDefaults().Pool
	_, err = calibrateSpec(t, &digits, "--size", "1000", "--seed", "3")
	require.NoError(t, err)
}

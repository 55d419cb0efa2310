package main

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/questions"
)

// `evokg epochs` holds out a validation split by default, as evolve does,
// and prints what each split is for.
func TestEpochsHoldOutAValidationSplit(t *testing.T) {
	cli, _, err := parse(t, "epochs", "--namespace", "n", "--pool", "digits", "--size", "20", "--seed", "3", "--frozen")
	require.NoError(t, err)
	p, err := cli.Epochs.params()
	require.NoError(t, err)
	require.InDelta(t, 0.2, p.Pool.Validation, 1e-12)
	sizes, err := p.Splits()
	require.NoError(t, err)
	require.Equal(t, questions.Sizes{Train: 12, Validation: 4, Test: 4}, sizes)
	var out bytes.Buffer
	writeSplits(&out, sizes, true)
	require.Equal(t, "splits: train 12 (the epochs), validation 4 (held out; no decision by accuracy), test 4 (the frozen row)\n", out.String())

	cli, _, err = parse(t, "epochs", "--namespace", "n", "--pool", "digits", "--size", "20", "--seed", "3", "--validation", "0")
	require.NoError(t, err)
	p, err = cli.Epochs.params()
	require.NoError(t, err)
	sizes, err = p.Splits()
	require.NoError(t, err)
	require.Equal(t, questions.Sizes{Train: 16, Test: 4}, sizes)
}

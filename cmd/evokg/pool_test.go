package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/questions"
)

// `evokg pool show --json` prints every item with the split an evolution
// run with the same flags puts it in, and no question in two splits.
func TestPoolShowPrintsTheRunsSplits(t *testing.T) {
	cli, _, err := parse(t, "pool", "show", "--pool", "glyph", "--size", "40", "--seed", "3", "--validation", "0.25", "--test", "0.25", "--json")
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, cli.Pool.Show.write(&out))
	var v poolView
	require.NoError(t, json.Unmarshal(out.Bytes(), &v))
	require.Equal(t, questions.Sizes{Train: 20, Validation: 10, Test: 10}, v.Splits)
	require.Len(t, v.Items, 40)

	want, err := evolution.Params{Namespace: "x", Pool: questions.PoolSpec{Name: questions.Glyph, Size: 40, Seed: 3,
		Validation: 0.25, Test: 0.25}}.WithDefaults().BuildPool()
	require.NoError(t, err)
	runSplit := map[string]string{}
	for _, it := range append(append(append([]questions.Item{}, want.Train...), want.Validation...), want.Test...) {
		runSplit[it.ID] = it.Split
	}
	splitOf := map[string]string{}
	for _, it := range v.Items {
		require.Equal(t, runSplit[it.ID], it.Split, it.ID)
		key := questions.Normalize(it.Question)
		require.NotContains(t, splitOf, key, "%q twice", it.Question)
		splitOf[key] = it.Split
	}
}

func TestPoolShowRefusesAQuestionInTwoSplits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pool.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(`{"id":"a","question":"What is 2 + 2?","answer":4,"split":"train"}
{"id":"b","question":"What is 3 + 3?","answer":6}
{"id":"c","question":"what is 2 + 2?","answer":4,"split":"test"}
`), 0o600))
	cli, _, err := parse(t, "pool", "show", "--pool", path)
	require.NoError(t, err)
	err = cli.Pool.Show.write(&bytes.Buffer{})
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, []evokg.FieldError{{Pointer: "/lines/3/split",
		Detail: `question also at /lines/1 in split "train": a question is in one split only`}}, e.Fields)
}

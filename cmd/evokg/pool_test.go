package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

// `evokg pool show` counts for every item the twins (same task type,
// numbers and answer, or the same question) in other splits: none, for
// every built-in pool at sizes 40, 200 and 1,000 (its supply when smaller)
// and seeds 1–5. The split by question alone left hundreds (arith size
// 1,000 seed 1: 170 items).
func TestPoolShowCountsNoTwinsAcrossSplits(t *testing.T) {
	t.Parallel()
	for _, name := range questions.Builtins {
		for _, size := range []int{40, 200, 1000} {
			for seed := uint64(1); seed <= 5; seed++ {
				if supply := questions.SupplyAt(name, seed); supply > 0 {
					size = min(size, supply)
				}
				cli, _, err := parse(t, "pool", "show", "--pool", name, "--size", fmt.Sprint(size), "--seed", fmt.Sprint(seed), "--json")
				require.NoError(t, err)
				var out bytes.Buffer
				require.NoError(t, cli.Pool.Show.write(&out))
				var v poolView
				require.NoError(t, json.Unmarshal(out.Bytes(), &v))
				require.Len(t, v.Items, size)
				for _, it := range v.Items {
					require.NotEmpty(t, it.Answer, it.ID)
					require.Zero(t, it.Twins, "%s size %d seed %d: %s has twins in another split", name, size, seed, it.ID)
				}
			}
		}
	}
}

// A JSONL pool that names a split for each of two twins refuses them;
// one that names none has its twins counted in the table as 0.
func TestPoolShowPrintsAnswersAndTwins(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pool.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(`{"id":"a","question":"Tom has 3 and 5 apples. How many?","answer":8}
{"id":"b","question":"Sue has 5 and 3 pears. How many?","answer":8}
{"id":"c","question":"What is 3 + 4?","answer":7}
`), 0o600))
	cli, _, err := parse(t, "pool", "show", "--pool", path, "--validation", "0.3", "--test", "0.3")
	require.NoError(t, err)
	var out bytes.Buffer
	require.NoError(t, cli.Pool.Show.write(&out))
	a := regexp.MustCompile(`(?m)^a\s+(\w+)\s+general\s+0\s+8\s+Tom has 3 and 5 apples`).FindStringSubmatch(out.String())
	b := regexp.MustCompile(`(?m)^b\s+(\w+)\s+general\s+0\s+8\s+Sue has 5 and 3 pears`).FindStringSubmatch(out.String())
	require.NotNil(t, a, out.String())
	require.NotNil(t, b, out.String())
	require.Equal(t, a[1], b[1], "twins in one split")

	require.NoError(t, os.WriteFile(path, []byte(`{"id":"a","question":"Tom has 3 and 5 apples. How many?","answer":8,"split":"train"}
{"id":"b","question":"Sue has 5 and 3 pears. How many?","answer":8,"split":"test"}
`), 0o600))
	err = cli.Pool.Show.write(&bytes.Buffer{})
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, "/lines/2/split", e.Fields[0].Pointer)
	require.Contains(t, e.Fields[0].Detail, `twin of the item at /lines/1 in split "train"`)
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

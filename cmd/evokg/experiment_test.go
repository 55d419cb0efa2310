package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/questions"
)

// `evokg experiment --memories` refuses, before opening anything, a memory
// that carries a held-out question in any text field, with its line and
// the item; the checked-in worked examples pass.
func TestExperimentRefusesMemoriesCarryingHeldOutItems(t *testing.T) {
	pl, err := evolution.Params{Namespace: "x", Pool: questions.PoolSpec{Name: questions.Glyph, Size: 40, Seed: 1,
		Validation: evolution.DefaultValidation, Test: evolution.DefaultTest}}.WithDefaults().BuildPool()
	require.NoError(t, err)
	held := pl.Test[0]
	line := func(f evokg.ExperienceFields) string {
		b, err := json.Marshal(evokg.ExperienceInput{ExperienceFields: f})
		require.NoError(t, err)
		return string(b) + "\n"
	}
	path := filepath.Join(t.TempDir(), "memories.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(line(evokg.ExperienceFields{TaskType: "t", Question: "What is 21 ★ 4?", Answer: "46"})+"\n"+
		line(evokg.ExperienceFields{TaskType: "t", Question: "What is 21 ★ 4?", Answer: "46", ChainOfThought: "as in " + held.Question})), 0o600))

	cli, _, err := parse(t, "experiment", "--pool", "glyph", "--seeds", "1", "--memories", path)
	require.NoError(t, err)
	_, err = cli.Experiment.config(t.Context())
	var e *evokg.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, []evokg.FieldError{{Pointer: "/lines/3",
		Detail: fmt.Sprintf("carries the question of the test item %s (seed 1)", held.ID)}}, e.Fields)

	cli, _, err = parse(t, "experiment", "--pool", "glyph", "--size", "1600", "--seeds", "5", "--memories", "../../docs/experiment/glyph-worked-examples.jsonl")
	require.NoError(t, err)
	cfg, err := cli.Experiment.config(t.Context())
	require.NoError(t, err)
	require.Len(t, cfg.Memories, 12)
}

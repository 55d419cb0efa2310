package main

import (
	"strconv"
	"strings"

	"github.com/alecthomas/kong"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/tasks"
)

// defaultVars are the flags' defaults (${name} in their tags), each read from
// the package that defines it, so that a default is defined once.
func defaultVars() kong.Vars {
	itoa := strconv.Itoa
	return kong.Vars{
		"embedding_dim":     itoa(evokg.DefaultEmbeddingDim),
		"fake_ollama_addr":  strings.TrimPrefix(llm.DefaultBaseURL, "http://"),
		"ingest_max_lag":    ingest.DefaultMaxLag.String(),
		"ingest_max_queued": itoa(ingest.DefaultMaxQueued),
		"ingest_max_hold":   ingest.DefaultMaxHold.String(),
		"epochs_pool_size":  itoa(tasks.DefaultPoolSize),
		"epochs_held_out":   ftoa(tasks.DefaultHeldOut),

		"probation_items":   itoa(evolution.DefaultProbationItems),
		"probation_calls":   itoa(evolution.DefaultProbationCalls),
		"calibration_items": itoa(profile.DefaultItems),
	}
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// weights lists w as --retrieval-weights takes it: α,β,γ,δ,ε,ζ,λ.
func weights(w retrieval.Weights) string {
	return strings.Join([]string{ftoa(w.Alpha), ftoa(w.Beta), ftoa(w.Gamma), ftoa(w.Delta), ftoa(w.Epsilon), ftoa(w.Zeta), ftoa(w.Lambda)}, ",")
}

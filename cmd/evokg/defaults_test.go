package main

import (
	"strconv"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/profile"
	"github.com/evokg/evokg/tasks"
	"github.com/evokg/evokg/vector"
)

// A setting's default is declared once, in its package's tag. A few flags
// repeat a default that a package declares for other callers too: the
// root's domain constants shared by several packages, the defaults of API
// request parameters that a command's options mirror, and the service
// settings a benchmark passes on. Each is checked here against its source.
func TestRepeatedDefaultsMatchTheirSource(t *testing.T) {
	clearEnv(t)
	itoa, ftoa := strconv.Itoa, func(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
	for flag, want := range map[string]string{
		"serve --embedding-dim":                  itoa(evokg.DefaultEmbeddingDim),
		"fake-ollama --embedding-dim":            itoa(evokg.DefaultEmbeddingDim),
		"fake-ollama --addr":                     strings.TrimPrefix(llm.DefaultBaseURL, "http://"),
		"serve --max-skills":                     itoa(evokg.DefaultMaxSkills),
		"serve --max-principles":                 itoa(evokg.DefaultMaxPrinciples),
		"serve --retrieval-structural-threshold": ftoa(evokg.DefaultStructuralThreshold),
		"serve --retrieval-ef-search":            itoa(vector.DefaultEfSearch),
		"serve --warm-rounds":                    itoa(graph.DefaultWarmRounds),
		"worker --warm-rounds":                   itoa(graph.DefaultWarmRounds),
		"bench retrieval --ef-search":            itoa(vector.DefaultEfSearch),
		"bench ingest --max-lag":                 ingest.DefaultMaxLag.String(),
		"bench ingest --max-queued":              itoa(ingest.DefaultMaxQueued),
		"bench ingest --group-commit":            itoa(ingest.DefaultGroupCommit),
		"bench ingest --project-batch":           itoa(ingest.DefaultProjectBatch),
		"bench ingest --project-linger":          ingest.DefaultProjectLinger.String(),
		"epochs --size":                          itoa(tasks.DefaultPoolSize),
		"epochs --test":                          ftoa(tasks.DefaultTest),
		"evolve --probation-items":               itoa(evolution.DefaultProbationItems),
		"evolve --probation-calls":               itoa(evolution.DefaultProbationCalls),
		"evolve --calibration-items":             itoa(profile.DefaultItems),
		"calibrate --items":                      itoa(profile.DefaultItems),
	} {
		f := findFlag(t, flag)
		require.Equal(t, want, f.Default, flag)
	}
}

// findFlag finds "command … --name" in the command tree.
func findFlag(t *testing.T, path string) *kong.Flag {
	t.Helper()
	var cli CLI
	parser, err := newParser(&cli)
	require.NoError(t, err)
	words := strings.Fields(path)
	node := parser.Model.Node
	for _, w := range words[:len(words)-1] {
		var next *kong.Node
		for _, c := range node.Children {
			if c.Name == w {
				next = c
			}
		}
		require.NotNil(t, next, "%s: no command %q", path, w)
		node = next
	}
	for _, f := range node.Flags {
		if "--"+f.Name == words[len(words)-1] {
			return f
		}
	}
	t.Fatalf("%s: no such flag", path)
	return nil
}

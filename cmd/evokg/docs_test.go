package main

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/kong"
	"github.com/stretchr/testify/require"
)

// stackVariables are read by make up and the scripts, not by evokg
// (docs/operations.md); EVOKG_NEO4J_TX_LOG_ is a family.
var stackVariables = []string{"EVOKG_FAKE_OLLAMA", "EVOKG_UP_STACK", "EVOKG_STACK_DIR", "EVOKG_NEO4J_HEAP",
	"EVOKG_NEO4J_TX_LOG_", "EVOKG_MODELS_THREADS", "EVOKG_MODELS_CHAT_PORT", "EVOKG_MODELS_EMBED_PORT"}

// envDefaults maps every environment variable evokg reads to the defaults
// of the flags it sets (one per command that has the flag).
func envDefaults(t *testing.T) map[string][]string {
	t.Helper()
	var cli CLI
	parser, err := newParser(&cli)
	require.NoError(t, err)
	out := map[string][]string{}
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		for _, f := range n.Flags {
			for _, env := range f.Envs {
				if !slices.Contains(out[env], f.Default) {
					out[env] = append(out[env], f.Default)
				}
			}
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(parser.Model.Node)
	return out
}

var (
	envName  = regexp.MustCompile(`EVOKG_[A-Z0-9_]*[A-Z0-9]\b\*?`)
	backtick = regexp.MustCompile("`([^`]*)`")
)

// docs/configuration.md names only variables evokg or the stack reads, and
// the defaults its table of variables gives are the flags' defaults.
func TestConfigurationDocIsTheSettings(t *testing.T) {
	clearEnv(t)
	b, err := os.ReadFile("../../docs/configuration.md")
	require.NoError(t, err)
	doc := string(b)
	read := envDefaults(t)
	for _, name := range envName.FindAllString(doc, -1) {
		if strings.HasSuffix(name, "*") || slices.ContainsFunc(stackVariables, func(v string) bool { return strings.HasPrefix(name, v) }) {
			continue
		}
		require.Contains(t, read, name, "docs/configuration.md names %s, which evokg does not read", name)
	}
	require.True(t, strings.Contains(doc, "evokg config"), "the page says how to see every setting")

	start := strings.Index(doc, "\n## Variables")
	end := strings.Index(doc, "\n### Traces")
	require.True(t, start > 0 && end > start)
	checked := 0
	for _, row := range strings.Split(doc[start:end], "\n") {
		cells := strings.Split(row, " | ")
		if !strings.HasPrefix(row, "| `EVOKG_") || len(cells) != 2 {
			continue
		}
		names := docNames(cells[0])
		value := strings.TrimSuffix(cells[1], " |")
		if !strings.HasPrefix(value, "`") {
			continue // no default: empty, unset, none
		}
		values := backtick.FindAllStringSubmatch(value, -1)
		if len(values) != len(names) {
			values = values[:1]
			names = names[:1]
		}
		for i, name := range names {
			require.Contains(t, read, name, row)
			require.True(t, slices.ContainsFunc(read[name], func(d string) bool { return sameSetting(d, values[i][1]) }),
				"docs/configuration.md gives %s the default %q; evokg's is %q", name, values[i][1], read[name])
			checked++
		}
	}
	require.Greater(t, checked, 30, "the table of variables was read")
}

// docNames lists the variables of a table row's first cell: full names,
// and `…_SUFFIX` or `_SUFFIX` continuing the first name's prefix.
func docNames(cell string) []string {
	var names []string
	prefix := ""
	for _, m := range backtick.FindAllStringSubmatch(cell, -1) {
		tok := m[1]
		switch {
		case strings.HasPrefix(tok, "EVOKG_") && !strings.ContainsAny(tok, " -="):
			names = append(names, tok)
			if prefix == "" {
				parts := strings.SplitN(tok, "_", 3)
				prefix = parts[0] + "_" + parts[1]
			}
		case prefix != "" && (strings.HasPrefix(tok, "…_") || strings.HasPrefix(tok, "_")):
			names = append(names, prefix+"_"+strings.TrimLeft(tok, "…_"))
		}
	}
	return names
}

// sameSetting compares two spellings of a value: as durations, as numbers
// or lists of numbers, or as text.
func sameSetting(a, b string) bool {
	if da, err := time.ParseDuration(a); err == nil {
		db, err := time.ParseDuration(b)
		return err == nil && da == db
	}
	as, bs := strings.Split(a, ","), strings.Split(b, ",")
	if len(as) != len(bs) {
		return false
	}
	for i := range as {
		fa, errA := strconv.ParseFloat(as[i], 64)
		fb, errB := strconv.ParseFloat(bs[i], 64)
		if errA == nil && errB == nil {
			if fa != fb {
				return false
			}
		} else if as[i] != bs[i] {
			return false
		}
	}
	return true
}

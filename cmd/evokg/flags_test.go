package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/alecthomas/kong"
	"github.com/stretchr/testify/require"
)

var updateFlags = flag.Bool("update-flags", false, "rewrite testdata/flags.txt from the command tree")

// flagSet lists every command's flags, by name, as kong's model holds them: name,
// aliases, short name, environment variables, default, enum, negation,
// visibility and help. The environment must be empty of EVOKG_* variables
// for the defaults to be the declared ones.
func flagSet(t *testing.T) string {
	t.Helper()
	var cli CLI
	parser, err := newParser(&cli)
	require.NoError(t, err)
	var b strings.Builder
	var walk func(n *kong.Node)
	walk = func(n *kong.Node) {
		fmt.Fprintf(&b, "command %q\n", n.Path())
		flags := slices.Clone(n.Flags)
		slices.SortFunc(flags, func(a, b *kong.Flag) int { return strings.Compare(a.Name, b.Name) })
		for _, f := range flags {
			fmt.Fprintf(&b, "  --%s aliases=%q short=%q env=%q default=%q enum=%q negatable=%q hidden=%t\n    help=%q\n",
				f.Name, f.Aliases, string(f.Short), f.Envs, f.Default, f.Enum, f.Tag.Negatable, f.Hidden, f.Help)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(parser.Model.Node)
	return b.String()
}

// Every flag keeps its name, its environment variables, its default and
// its help: the file records them, and -update-flags rewrites it after a
// deliberate change.
func TestFlagSetIsStable(t *testing.T) {
	clearEnv(t)
	got := flagSet(t)
	if *updateFlags {
		require.NoError(t, os.WriteFile("testdata/flags.txt", []byte(got), 0o644))
	}
	want, err := os.ReadFile("testdata/flags.txt")
	require.NoError(t, err)
	wantLines, gotLines := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	for i := range min(len(wantLines), len(gotLines)) {
		require.Equal(t, wantLines[i], gotLines[i], "line %d of testdata/flags.txt", i+1)
	}
	require.Equal(t, len(wantLines), len(gotLines), "lines of testdata/flags.txt")
}

// clearEnv unsets every EVOKG_* variable for the test.
func clearEnv(t *testing.T) {
	t.Helper()
	for _, kv := range os.Environ() {
		if name, _, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "EVOKG_") {
			t.Setenv(name, "")
			require.NoError(t, os.Unsetenv(name))
		}
	}
}

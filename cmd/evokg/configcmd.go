package main

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"reflect"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/alecthomas/kong"

	"github.com/evokg/evokg/retrieval"
)

// ConfigCmd prints the settings a command runs with.
type ConfigCmd struct {
	Command []string `arg:"" optional:"" passthrough:"all" help:"The command, with its flags, whose settings to print (default: serve); e.g. evokg config worker --ingest-committers 4."`
}

func (c *ConfigCmd) Run() error {
	settings, err := commandSettings(c.Command, os.LookupEnv)
	if err != nil {
		return err
	}
	return printSettings(os.Stdout, settings)
}

// setting is one flag of a command as the command would run with it.
type setting struct {
	Flag   string // --name
	Env    string // its first environment variable, if any
	Value  string
	Source string // "flag", "environment (NAME)" or "default"
}

// commandSettings parses args (a command and its flags, serve when empty)
// as evokg would and lists every setting of that command, the global ones
// first, with the value it gets and where the value comes from: the
// command line, the environment (lookup) or the flag's default.
func commandSettings(args []string, lookup func(string) (string, bool)) ([]setting, error) {
	if len(args) == 0 {
		args = []string{"serve"}
	}
	var cli CLI
	parser, err := newParser(&cli)
	if err != nil {
		return nil, err
	}
	kctx, err := parser.Parse(args)
	if err != nil {
		return nil, err
	}
	given := map[*kong.Flag]bool{}
	for _, p := range kctx.Path {
		if p.Flag != nil {
			given[p.Flag] = true
		}
	}
	var out []setting
	for _, group := range kctx.Flags() {
		f := group
		if f.Name == "help" {
			continue
		}
		s := setting{Flag: "--" + f.Name, Value: settingValue(f), Source: "default"}
		if len(f.Envs) > 0 {
			s.Env = f.Envs[0]
		}
		switch {
		case given[f]:
			s.Source = "flag"
		default:
			for _, env := range f.Envs {
				if _, ok := lookup(env); ok {
					s.Source = "environment (" + env + ")"
					break
				}
			}
		}
		out = append(out, s)
	}
	return out, nil
}

// settingValue is a flag's value in the spelling the flag takes, with
// passwords and keys hidden and URLs' passwords redacted.
func settingValue(f *kong.Flag) string {
	v := formatValue(f.Target)
	switch {
	case v == "":
		return ""
	case strings.HasSuffix(f.Name, "password") || strings.HasSuffix(f.Name, "api-key"):
		return "(hidden)"
	case strings.HasSuffix(f.Name, "-url"):
		if u, err := url.Parse(v); err == nil {
			return u.Redacted()
		}
	}
	return v
}

func formatValue(v reflect.Value) string {
	switch x := v.Interface().(type) {
	case time.Duration:
		return x.String()
	case retrieval.Weights:
		return x.Setting()
	}
	if v.Kind() == reflect.Slice {
		parts := make([]string, v.Len())
		for i := range parts {
			parts[i] = formatValue(v.Index(i))
		}
		return strings.Join(parts, ",")
	}
	return fmt.Sprint(v.Interface())
}

// printSettings writes one line per setting: flag, environment variable,
// value and source.
func printSettings(w io.Writer, settings []setting) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "FLAG\tENVIRONMENT\tVALUE\tSOURCE")
	for _, s := range settings {
		env := s.Env
		if env == "" {
			env = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", s.Flag, env, s.Value, s.Source)
	}
	return tw.Flush()
}

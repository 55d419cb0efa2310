// Command evokg is the single EvoKG binary: the API server, the background
// worker, migrations, API keys, model checks, benchmarks, graph maintenance
// and evolution runs. Every flag can also be set by an EVOKG_* environment
// variable; `evokg --help` lists both with their defaults, and `evokg
// config` prints the value of each and where it came from.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"reflect"
	"syscall"

	"github.com/alecthomas/kong"

	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/settings"
)

// CLI is the command tree.
type CLI struct {
	Log LogFlags `embed:"" prefix:"log-"`

	Serve       ServeCmd       `cmd:"" help:"Run the REST API server."`
	Worker      WorkerCmd      `cmd:"" help:"Run background workers (ingest evaluation, graph projection, evolution runs)."`
	Migrate     MigrateCmd     `cmd:"" help:"Apply, roll back or list Postgres and Neo4j schema migrations."`
	Keys        KeysCmd        `cmd:"" help:"Create, list and revoke API keys."`
	Models      ModelsCmd      `cmd:"" help:"Check the configured Ollama models."`
	FakeOllama  FakeOllamaCmd  `cmd:"" name:"fake-ollama" help:"Run a scripted stand-in for the Ollama HTTP API (demos and tests only)."`
	Bench       BenchCmd       `cmd:"" help:"Run benchmarks against the configured services and print figures."`
	Import      ImportCmd      `cmd:"" help:"Bulk-load experiences from NDJSON (rows first, indexes after with --defer-indexes); idempotent on retry."`
	Graph       GraphCmd       `cmd:"" help:"Graph maintenance."`
	Namespace   NamespaceCmd   `cmd:"" help:"Export a namespace (both stores) as NDJSON, or import one into an empty namespace."`
	Maintenance MaintenanceCmd `cmd:"" help:"Storage maintenance: rebuild bloated vector indexes."`
	Evolve      EvolveCmd      `cmd:"" help:"Run a MAGE evolution run in this process, with live progress and a plot."`
	Experiment  ExperimentCmd  `cmd:"" help:"Measure the learning effect: test-split accuracy with evolved memory against the same learner without memory, over seeds."`
	Calibrate   CalibrateCmd   `cmd:"" help:"Choose a namespace's learner profile (memory as a block or as chat turns, with or without reasoning) by answering the validation items of the namespace's run (or of a pool, when it has none) with each candidate."`
	Pool        PoolCmd        `cmd:"" help:"Show a question pool's items and their split (train, validation, test)."`
	Epochs      EpochsCmd      `cmd:"" aliases:"prgii" help:"Run an epoch run in this process: a pool through APEX-EM's PRGII for several epochs and report SR, CSR, mean attempts and first-attempt success per epoch."`
	MCP         MCPCmd         `cmd:"" name:"mcp" help:"Serve the MCP tools (remember, recall, …) over stdio for desktop MCP clients."`
	Config      ConfigCmd      `cmd:"" help:"Print every setting of a command (serve by default): its flag, its environment variable, its value and where the value comes from (flag, environment or default)."`
	Version     VersionCmd     `cmd:"" help:"Print the version."`
	Probe       ProbeCmd       `cmd:"" hidden:"" help:"GET a URL and fail unless it answers 2xx (container healthchecks)."`
}

var version = "dev"

// newParser builds the command-line parser over cli.
func newParser(cli *CLI) (*kong.Kong, error) {
	return kong.New(cli,
		kong.Name("evokg"),
		kong.Description("EvoKG: an explicit, inspectable knowledge-graph memory for self-evolving LLM agents."),
		kong.UsageOnError(),
		kong.TypeMapper(reflect.TypeFor[retrieval.Weights](), settingMapper{}),
	)
}

// settingMapper decodes a flag whose type reads its own spelling
// (settings.Parser), as its package's WithDefaults reads the default.
type settingMapper struct{}

func (settingMapper) Decode(ctx *kong.DecodeContext, target reflect.Value) error {
	var s string
	if err := ctx.Scan.PopValueInto("value", &s); err != nil {
		return err
	}
	return target.Addr().Interface().(settings.Parser).ParseSetting(s)
}

func main() {
	var cli CLI
	parser, err := newParser(&cli)
	if err != nil {
		panic(err)
	}
	kctx, err := parser.Parse(os.Args[1:])
	parser.FatalIfErrorf(err)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := cli.Log.Logger(os.Stderr)
	if err := kctx.Run(&Globals{Ctx: ctx, Logger: logger}); err != nil {
		fmt.Fprintf(os.Stderr, "evokg: %v\n", err)
		os.Exit(1)
	}
}

// VersionCmd prints the build version.
type VersionCmd struct{}

func (VersionCmd) Run(g *Globals) error {
	fmt.Println("evokg", version)
	return nil
}

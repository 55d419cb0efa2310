package main

import (
	"os"
	"strconv"
	"time"

	"github.com/evokg/evokg/bench"
)

// BenchScaleCmd runs the replica benchmark.
type BenchScaleCmd struct {
	PostgresFlags `embed:""`
	Neo4jFlags    `embed:""`
	JSON          bool          `help:"Print the figures as one JSON line."`
	N             int           `short:"n" default:"1000" help:"Experiences each of the two tenants ingests."`
	APIs          int           `name:"apis" default:"3" help:"API processes (evokg serve) to start; the first is killed mid-load."`
	Workers       int           `default:"2" help:"Worker processes (evokg worker) to start; the first is killed mid-load."`
	Batch         int           `default:"10" help:"Experiences per ingest request."`
	Clients       int           `default:"4" help:"Concurrent clients per tenant."`
	RateLimit     int           `name:"rate-limit" default:"200" help:"Requests per minute per API key the APIs enforce during the run (low, so the load meets it)."`
	DrainTimeout  time.Duration `name:"drain-timeout" default:"12m" help:"Longest wait, after the load, for every accepted write to commit and every run to end."`
	LogDir        string        `name:"log-dir" type:"path" help:"Folder for the processes' logs (default: a new temporary folder)."`
	Keep          bool          `help:"Keep the tenants' namespaces and keys for inspection."`
}

func (c *BenchScaleCmd) Run(g *Globals) error {
	pool, gr, closeStores, err := openStores(g, c.PostgresFlags, c.Neo4jFlags)
	if err != nil {
		return err
	}
	defer closeStores()
	bin, err := os.Executable()
	if err != nil {
		return err
	}
	res, err := bench.Scale(g.Ctx, pool, gr, bench.ScaleOptions{Bin: bin, Env: c.env(), APIs: c.APIs, Workers: c.Workers,
		Experiences: c.N, Batch: c.Batch, Clients: c.Clients, RateLimit: c.RateLimit, EmbeddingDim: c.Postgres.EmbeddingDim,
		DrainTimeout: c.DrainTimeout, LogDir: c.LogDir, Keep: c.Keep, Logger: g.Logger}, os.Stderr)
	if err != nil {
		return err
	}
	if c.JSON {
		return report(os.Stdout, true, res)
	}
	return res.WriteTable(os.Stdout)
}

// env is the processes' environment: this one's, with the stack this
// command was pointed at.
func (c *BenchScaleCmd) env() []string {
	return append(os.Environ(),
		"EVOKG_POSTGRES_URL="+c.Postgres.URL, "EVOKG_EMBEDDING_DIM="+strconv.Itoa(c.Postgres.EmbeddingDim),
		"EVOKG_NEO4J_URI="+c.Graph.URI, "EVOKG_NEO4J_USER="+c.Graph.User, "EVOKG_NEO4J_PASSWORD="+c.Graph.Password,
		"EVOKG_NEO4J_DATABASE="+c.Graph.Database)
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"github.com/evokg/evokg/bench"
)

// BenchCmd groups the benchmarks. Each prints progress on stderr and, with
// --json, one JSON object of figures as the last line of stdout.
type BenchCmd struct {
	Graph     BenchGraphCmd     `cmd:"" help:"Graph queries at 10,000 experiences, 100 skills, 50 task types (p50/p95 per query)."`
	Retrieval BenchRetrievalCmd `cmd:"" help:"Memory packs over N synthetic memories (p50/p95/p99 latency, recall@K)."`
	Ingest    BenchIngestCmd    `cmd:"" help:"Pre-evaluated ingest end to end until projected in Neo4j (throughput, projection lag)."`
	Arms      BenchArmsCmd      `cmd:"" help:"Search arms on a pool's validation (or, with --split test, test) split of an evolved namespace (accuracy per arm, share of items where two arms show other memory ids)."`
	Scale     BenchScaleCmd     `cmd:"" help:"Replicas on one machine: API and worker processes on one stack, two tenants' mixed load, one API and one worker killed mid-load (accepted writes committed once in both stores, cross-tenant reads, rate-limit refusals by key, one active run per namespace)."`
}

// BenchGraphCmd benchmarks the graph queries.
type BenchGraphCmd struct {
	Neo4jFlags    `embed:""`
	PostgresFlags `embed:""`    // for --with-load
	JSON          bool          `help:"Print the figures as one JSON line."`
	Experiences   int           `default:"10000" help:"Experiences to build."`
	Skills        int           `default:"100" help:"Skills to build."`
	TaskTypes     int           `name:"task-types" default:"50" help:"Task types to build."`
	Iterations    int           `default:"200" help:"Timed runs per query."`
	Cold          bool          `help:"Time every run from the first (no untimed warm-up runs per query): shows a fresh Neo4j's compilation cost."`
	WarmRounds    int           `name:"warm-rounds" help:"Warm Neo4j as evokg serve does at start (rounds of the platform's queries), after building the graph and before timing (0: no warm-up)."`
	WarmOnData    time.Duration `name:"warm-on-data" help:"With --warm-rounds, then run the read queries on the namespaces written to most recently for this long, as evokg serve does (--warm-on-data)."`
	WithLoad      int           `name:"with-load" help:"Ingest this many experiences (single requests, 8 clients, as bench ingest) beside the timed runs, which repeat until it ends; reports both."`
	LoadRate      float64       `name:"load-rate" help:"Pace the --with-load ingest at this many experiences per second (0: as fast as it goes)."`
	ReadTarget    time.Duration `name:"read-target" help:"Pace the --with-load ingest while the graph reads' p95 is above this, as --ingest-read-target does for serve (0: no pacing)."`
	Window        time.Duration `help:"Also report the latencies per window of this length from the first timed run (0: none); with --cold after a start, shows how long Neo4j stays slow."`
}

// graphUnderLoad is bench graph --with-load's report.
type graphUnderLoad struct {
	Graph  bench.GraphResult  `json:"graph"`
	Ingest bench.IngestResult `json:"ingest"`
}

func (c *BenchGraphCmd) Run(g *Globals) error {
	gr, err := c.Neo4jFlags.Open(g.Ctx, g.Logger)
	if err != nil {
		return err
	}
	defer gr.Close(g.Ctx)
	if err := gr.ApplySchema(g.Ctx); err != nil {
		return err
	}
	opts := bench.GraphOptions{Experiences: c.Experiences, Skills: c.Skills, TaskTypes: c.TaskTypes,
		Iterations: c.Iterations, Cold: c.Cold, WarmRounds: c.WarmRounds, WarmOnData: c.WarmOnData, Window: c.Window}
	var load bench.IngestResult
	if c.WithLoad > 0 {
		pool, err := c.PostgresFlags.Open(g.Ctx)
		if err != nil {
			return err
		}
		defer pool.Close()
		opts.Load = func(ctx context.Context) (err error) {
			load, err = bench.Ingest(ctx, pool, gr, bench.IngestOptions{N: c.WithLoad, Rate: c.LoadRate, ReadTarget: c.ReadTarget,
				EmbeddingDim: c.Postgres.EmbeddingDim, Logger: g.Logger}, os.Stderr)
			return err
		}
	}
	res, err := bench.Graph(g.Ctx, gr, opts, os.Stderr)
	if err != nil {
		return err
	}
	if c.WithLoad > 0 {
		return report(os.Stdout, c.JSON, graphUnderLoad{Graph: res, Ingest: load})
	}
	return report(os.Stdout, c.JSON, res)
}

// BenchRetrievalCmd benchmarks memory packs.
type BenchRetrievalCmd struct {
	PostgresFlags `embed:""`
	JSON          bool   `help:"Print the figures as one JSON line."`
	Memories      int    `default:"10000" help:"Synthetic memories to seed in one namespace."`
	TaskTypes     int    `name:"task-types" default:"50" help:"Task types to spread them over."`
	Queries       int    `default:"1000" help:"Measured memory packs."`
	Keep          bool   `help:"Keep the memories for a later --reuse run."`
	Reuse         bool   `help:"Measure the memories a previous --keep run left."`
	DeferIndexes  bool   `name:"defer-indexes" help:"Seed with the HNSW indexes dropped and build them after (evokg import --defer-indexes; a quiet database only)."`
	EfSearch      int    `name:"ef-search" default:"100" help:"HNSW candidate list of the searches (as --retrieval-ef-search of serve)."`
	Strategy      string `default:"semantic" enum:"semantic,lexical" help:"Search arm of the timed packs: semantic, or lexical (full-text, with semantic hits filling)."`
}

func (c *BenchRetrievalCmd) Run(g *Globals) error {
	pool, err := c.Open(g.Ctx)
	if err != nil {
		return err
	}
	defer pool.Close()
	res, err := bench.Retrieval(g.Ctx, pool, bench.RetrievalOptions{Memories: c.Memories, TaskTypes: c.TaskTypes,
		Queries: c.Queries, Dim: c.Postgres.EmbeddingDim, Keep: c.Keep, Reuse: c.Reuse, DeferIndexes: c.DeferIndexes,
		EfSearch: c.EfSearch, Strategy: c.Strategy}, os.Stderr)
	if err != nil {
		return err
	}
	return report(os.Stdout, c.JSON, res)
}

// BenchIngestCmd benchmarks ingest end to end.
type BenchIngestCmd struct {
	PostgresFlags `embed:""`
	Neo4jFlags    `embed:""`
	JSON          bool          `help:"Print the figures as one JSON line."`
	N             int           `short:"n" default:"2000" help:"Experiences to ingest."`
	Batch         int           `default:"1" help:"Experiences per request (1 = single)."`
	Clients       int           `default:"8" help:"Concurrent clients."`
	TaskTypes     int           `name:"task-types" default:"20" help:"Task types the experiences are spread over: a slice (namespace, task type) enters the HNSW index once it holds 256 rows."`
	Rate          float64       `help:"Offered load in experiences per second (0 = as fast as the clients go)."`
	ProjectBatch  int           `name:"project-batch" default:"200" help:"Experiences one projection job writes to the graph at once."`
	ProjectLinger time.Duration `name:"project-linger" default:"250ms" help:"How long a projection job lets its experience wait for others to join its graph batch (0: no wait)."`
	Keep          bool          `help:"Keep the benchmark namespace for inspection instead of purging it."`
	MaxLag        time.Duration `name:"max-lag" default:"1s" help:"The service holds new writes while the projection lag exceeds this (0: holds none)."`
	MaxQueued     int           `name:"max-queued" default:"1000" help:"The service also holds new writes while more experiences than this wait for their projection (with --max-lag above 0)."`
	GroupCommit   int           `name:"group-commit" default:"64" help:"Most concurrent single requests the service writes in one transaction (1 = each alone)."`
	CPUProfile    string        `name:"cpu-profile" type:"path" help:"Write a pprof CPU profile of the run (service and workers, in this process) to this file."`
}

func (c *BenchIngestCmd) Run(g *Globals) error {
	pool, gr, closeStores, err := openStores(g, c.PostgresFlags, c.Neo4jFlags)
	if err != nil {
		return err
	}
	defer closeStores()
	stop, err := startCPUProfile(c.CPUProfile)
	if err != nil {
		return err
	}
	res, err := bench.Ingest(g.Ctx, pool, gr, bench.IngestOptions{N: c.N, Batch: c.Batch, Clients: c.Clients, TaskTypes: c.TaskTypes, Rate: c.Rate,
		ProjectBatch: c.ProjectBatch, GroupCommit: c.GroupCommit, ProjectLinger: zeroMeansOff(c.ProjectLinger), MaxLag: zeroMeansOff(c.MaxLag), MaxQueued: c.MaxQueued, Keep: c.Keep, EmbeddingDim: c.Postgres.EmbeddingDim, Logger: g.Logger}, os.Stderr)
	stop()
	if err != nil {
		return err
	}
	return report(os.Stdout, c.JSON, res)
}

// startCPUProfile profiles this process's CPU into path until the returned
// function is called; with no path it does nothing.
func startCPUProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// report prints figures: indented for people, or one JSON line for tools.
func report(w io.Writer, asJSON bool, v any) error {
	if asJSON {
		return json.NewEncoder(w).Encode(v)
	}
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w, string(b))
	return err
}

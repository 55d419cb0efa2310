package bench

import (
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"math"
	mrand "math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"golang.org/x/time/rate"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

//go:embed queries/ingest_*.sql
var ingestQueryFiles embed.FS

var ingestQueries = postgres.MustLoadQueries(ingestQueryFiles)

// IngestOptions configures the ingest benchmark.
type IngestOptions struct {
	// N is the number of experiences. Default 2000.
	N int
	// Batch is the batch size; 1 ingests one experience per request.
	// Default 1.
	Batch int
	// Clients is the number of concurrent ingesting clients. Default 8.
	Clients int
	// Rate is the offered load in experiences per second, shared by the
	// clients; 0 sends as fast as they can. A sustained figure is a rate
	// the platform keeps up with: per_second matches it and the projection
	// lag stays flat.
	Rate float64
	// ProjectWorkers is the projection queue's concurrency. Default
	// 2·ProjectBatch+16, as the ingest workers' own default: most jobs wait for
	// the batch that holds their experience.
	ProjectWorkers int
	// ProjectBatch is the most experiences one projection job writes at
	// once. Default ingest.DefaultProjectBatch.
	ProjectBatch int
	// ProjectLinger is ingest.Config.ProjectLinger. Default
	// ingest.DefaultProjectLinger; negative disables it.
	ProjectLinger time.Duration
	// GroupCommit is the service's Config.GroupCommit: the most single
	// requests written in one transaction (1 = each alone). Default 64.
	GroupCommit int
	// MaxLag is the service's Config.MaxLag: writes are held while the
	// projection lag exceeds it. Default ingest.DefaultMaxLag; negative
	// holds nothing.
	MaxLag time.Duration
	// ReadTarget is the service's Config.ReadTarget, with the graph's reads
	// as its Reads: writes are paced while reads are slower. Zero paces
	// nothing.
	ReadTarget time.Duration
	// MaxQueued is the service's Config.MaxQueued. Default
	// ingest.DefaultMaxQueued.
	MaxQueued int
	// EmbeddingDim must match the database. Default 768.
	EmbeddingDim int
	// TaskTypes spreads the experiences over this many task types. Default 20.
	TaskTypes int
	// Keep leaves the benchmark namespace in place instead of purging it.
	Keep bool
	// Seed makes the synthetic experiences reproducible. Default 1.
	Seed   uint64
	Logger *slog.Logger
}

func (o IngestOptions) withDefaults() IngestOptions {
	o.N = ingestOr(o.N, 2000)
	o.Batch = ingestOr(o.Batch, 1)
	o.Clients = ingestOr(o.Clients, 8)
	o.ProjectBatch = ingestOr(o.ProjectBatch, ingest.DefaultProjectBatch)
	o.ProjectLinger = ingestOr(o.ProjectLinger, ingest.DefaultProjectLinger)
	o.ProjectWorkers = ingestOr(o.ProjectWorkers, 2*o.ProjectBatch+16)
	o.GroupCommit = ingestOr(o.GroupCommit, ingest.DefaultGroupCommit)
	o.MaxLag = ingestOr(o.MaxLag, ingest.DefaultMaxLag)
	o.MaxQueued = ingestOr(o.MaxQueued, ingest.DefaultMaxQueued)
	o.EmbeddingDim = ingestOr(o.EmbeddingDim, evokg.DefaultEmbeddingDim)
	o.TaskTypes = ingestOr(o.TaskTypes, 20)
	o.Seed = ingestOr(o.Seed, 1)
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

func ingestOr[T comparable](v, def T) T {
	var zero T
	if v == zero {
		return def
	}
	return v
}

// IngestResult holds the figures of one run; it is printed as JSON.
type IngestResult struct {
	Namespace        string  `json:"namespace"`
	Experiences      int     `json:"experiences"`
	Batch            int     `json:"batch"`
	Clients          int     `json:"clients"`
	OfferedPerSecond float64 `json:"offered_per_second,omitempty"` // the paced rate; absent when unpaced
	ProjectWorkers   int     `json:"project_workers"`
	ProjectBatch     int     `json:"project_batch"`
	ProjectLingerMs  float64 `json:"project_linger_ms"`
	GroupCommit      int     `json:"group_commit"`
	MaxLagMs         float64 `json:"max_lag_ms"`     // writes held beyond this lag; 0 holds none
	ReadTargetMs     float64 `json:"read_target_ms"` // writes paced while graph reads' p95 is above it; 0 paces none
	MaxQueued        int     `json:"max_queued"`     // or beyond this many queued
	AcceptSeconds    float64 `json:"accept_seconds"`
	AcceptPerSecond  float64 `json:"accept_per_second"` // accepted into Postgres (row + vector + job)
	Seconds          float64 `json:"seconds"`           // until the last one is projected
	PerSecond        float64 `json:"per_second"`        // end to end, committed in both stores
	ProjectionLagP50 float64 `json:"projection_lag_p50_ms"`
	ProjectionLagP95 float64 `json:"projection_lag_p95_ms"`
	ProjectionLagMax float64 `json:"projection_lag_max_ms"`
	// RequestP50/P95 are the clients' request latencies (send to 202),
	// which include any hold; SendLagP50/P95 run from a request's send to
	// its experience's graph projection.
	RequestP50 float64 `json:"request_p50_ms"`
	RequestP95 float64 `json:"request_p95_ms"`
	SendLagP50 float64 `json:"send_to_graph_p50_ms"`
	SendLagP95 float64 `json:"send_to_graph_p95_ms"`
	// IndexedRows and TailRows are the run's rows in the HNSW indexes and
	// in their slices' exactly scanned tails when the last was projected:
	// a slice enters the index once it has grown to the exact-scan bound.
	IndexedRows int `json:"indexed_rows"`
	TailRows    int `json:"tail_rows"`
	// CPU is where the run's work went, per experience.
	CPU *CPUFigures `json:"cpu_per_experience"`
}

// Ingest measures pre-evaluated experiences end to end: accepted through
// the ingest service (row, vector and outbox job in one transaction, the
// embedding supplied by the client so no model runs) and worked by a River
// client until each is projected into Neo4j and committed. Projection lag
// is projected_at − created_at of each experience.
func Ingest(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph, opts IngestOptions, progress io.Writer) (IngestResult, error) {
	opts = opts.withDefaults()
	if progress == nil {
		progress = io.Discard
	}
	ns := ingestNewNamespace()
	if !opts.Keep {
		defer ingestPurge(pool, g, ns)
	}
	svc, client, err := ingestStack(ctx, pool, g, ns, opts)
	if err != nil {
		return IngestResult{}, err
	}
	if err := client.Start(ctx); err != nil {
		return IngestResult{}, err
	}
	defer ingestStopClient(client)

	reqs := ingestRequests(opts)
	meter := startCPU(ctx, pool, g)
	start := time.Now()
	sends, err := ingestAll(ctx, svc, ns, reqs, opts)
	if err != nil {
		return IngestResult{}, err
	}
	accepted := time.Since(start)
	fmt.Fprintf(progress, "accepted %d experiences in %.2fs\n", opts.N, accepted.Seconds())
	if err := ingestWaitCommitted(ctx, pool, ns, opts.N, progress); err != nil {
		return IngestResult{}, err
	}
	total := time.Since(start)
	cpu := meter.stop(ctx, opts.N)
	fmt.Fprintf(progress, "projected %d experiences in %.2fs\n", opts.N, total.Seconds())
	lags, err := ingestProjectionLags(ctx, pool, ns)
	if err != nil {
		return IngestResult{}, err
	}
	sendLags, err := ingestSendLags(ctx, pool, ns, sends)
	if err != nil {
		return IngestResult{}, err
	}
	requests := sends.latencies()
	var indexed, tail int
	if err := pool.QueryRow(ctx, ingestQueries.Get("ingest_index_rows"), ns).Scan(&indexed, &tail); err != nil {
		return IngestResult{}, fmt.Errorf("counting the indexed rows: %w", err)
	}
	return IngestResult{
		Namespace: ns, Experiences: opts.N, Batch: opts.Batch, Clients: opts.Clients, OfferedPerSecond: opts.Rate,
		ProjectWorkers: opts.ProjectWorkers,
		ProjectBatch:   opts.ProjectBatch, GroupCommit: opts.GroupCommit,
		ProjectLingerMs: max(0, ms(opts.ProjectLinger)), MaxLagMs: max(0, ms(opts.MaxLag)), ReadTargetMs: ms(opts.ReadTarget), MaxQueued: opts.MaxQueued,
		AcceptSeconds: accepted.Seconds(), AcceptPerSecond: float64(opts.N) / accepted.Seconds(),
		Seconds: total.Seconds(), PerSecond: float64(opts.N) / total.Seconds(),
		ProjectionLagP50: ingestQuantile(lags, 0.50), ProjectionLagP95: ingestQuantile(lags, 0.95), ProjectionLagMax: ingestQuantile(lags, 1),
		RequestP50: ingestQuantile(requests, 0.50), RequestP95: ingestQuantile(requests, 0.95),
		SendLagP50: ingestQuantile(sendLags, 0.50), SendLagP95: ingestQuantile(sendLags, 0.95),
		IndexedRows: indexed, TailRows: tail,
		CPU: cpu,
	}, nil
}

func ingestNewNamespace() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return "bench-ingest-" + hex.EncodeToString(b)
}

// ingestStack builds the service and a worker client on queues of their own.
func ingestStack(ctx context.Context, pool *pgxpool.Pool, g *graph.Graph, ns string, opts IngestOptions) (*ingest.Service, *river.Client[pgx.Tx], error) {
	q := strings.ReplaceAll(ns, "-", "_")
	cfg := workers.Config{
		Queues:            map[string]river.QueueConfig{q + "_eval": {MaxWorkers: 1}, q + "_proj": {MaxWorkers: opts.ProjectWorkers}},
		FetchPollInterval: 20 * time.Millisecond, FetchCooldown: 2 * time.Millisecond,
	}
	queue, err := workers.NewInsertClient(pool, cfg, opts.Logger)
	if err != nil {
		return nil, nil, err
	}
	store := vector.NewStore(pool, opts.EmbeddingDim)
	svc := ingest.NewService(ingest.Config{EmbeddingDim: opts.EmbeddingDim, EvaluateQueue: q + "_eval", ProjectQueue: q + "_proj",
		GroupCommit: opts.GroupCommit, MaxLag: max(0, opts.MaxLag), MaxQueued: opts.MaxQueued,
		ReadTarget: opts.ReadTarget, Reads: g, ProjectBatch: opts.ProjectBatch, ProjectLinger: opts.ProjectLinger},
		pool, queue, nil, store, opts.Logger)
	jobs, err := svc.Workers(ingest.WorkerDeps{Projector: ingest.GraphProjector(g), Neighbors: ingest.VectorNeighbors(store)})
	if err != nil {
		return nil, nil, err
	}
	client, err := workers.NewClient(pool, cfg, opts.Logger, jobs)
	return svc, client, err
}

func ingestStopClient(c *river.Client[pgx.Tx]) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_ = c.Stop(ctx)
}

func ingestPurge(pool *pgxpool.Pool, g *graph.Graph, ns string) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	_ = postgres.PurgeNamespace(ctx, pool, ns)
	_ = g.PurgeNamespace(ctx, ns)
}

// ingestRequests builds N synthetic pre-evaluated experiences with
// client-side embeddings clustered by task type, signatures over a small
// operation vocabulary and a few entities each.
func ingestRequests(opts IngestOptions) []evokg.ExperienceInput {
	rng := mrand.New(mrand.NewPCG(opts.Seed, 7))
	ops := []string{"parse", "lookup", "filter", "join", "aggregate", "compare", "verify", "format", "rank", "compute"}
	centers := make([][]float32, opts.TaskTypes)
	for i := range centers {
		centers[i] = ingestRandomUnit(rng, opts.EmbeddingDim, nil, 0)
	}
	reqs := make([]evokg.ExperienceInput, opts.N)
	for i := range reqs {
		tt := i % opts.TaskTypes
		sig := make([]string, 3+rng.IntN(3))
		for j := range sig {
			sig[j] = ops[rng.IntN(len(ops))]
		}
		reqs[i] = evokg.ExperienceInput{
			Embedding: ingestRandomUnit(rng, opts.EmbeddingDim, centers[tt], 0.35),
			ExperienceFields: evokg.ExperienceFields{
				TaskType:       fmt.Sprintf("task_%02d", tt),
				Outcome:        evokg.OutcomeSuccess,
				Question:       fmt.Sprintf("synthetic question %d of task %d", i, tt),
				Answer:         fmt.Sprint(i),
				ChainOfThought: "step by step",
				Signature:      sig,
				Entities:       []evokg.Entity{{Name: fmt.Sprintf("entity_%d", rng.IntN(200)), Type: "thing"}},
				Evaluation:     &evokg.Evaluation{Correct: 1, Efficient: rng.Float64(), Complete: 1},
			},
		}
	}
	return reqs
}

func ingestRandomUnit(rng *mrand.Rand, dim int, center []float32, spread float64) []float32 {
	v := make([]float32, dim)
	var n float64
	for i := range v {
		x := rng.NormFloat64()
		if center != nil {
			x = float64(center[i])*math.Sqrt(float64(dim)) + spread*x*math.Sqrt(float64(dim))/4
		}
		v[i] = float32(x)
		n += x * x
	}
	for i := range v {
		v[i] /= float32(math.Sqrt(n))
	}
	return v
}

// ingestSend is one request as its client saw it.
type ingestSend struct {
	at, done time.Time
	ids      []uuid.UUID
}

type ingestSends []ingestSend

// latencies are the requests' send-to-202 times in ms, sorted.
func (s ingestSends) latencies() []float64 {
	out := make([]float64, len(s))
	for i, r := range s {
		out[i] = ms(r.done.Sub(r.at))
	}
	slices.Sort(out)
	return out
}

// ingestAll sends the requests from opts.Clients concurrent clients, one
// per request or in batches of opts.Batch, paced at opts.Rate, and returns
// what each client saw.
func ingestAll(ctx context.Context, svc *ingest.Service, ns string, reqs []evokg.ExperienceInput, opts IngestOptions) (ingestSends, error) {
	chunks := slices.Collect(slices.Chunk(reqs, opts.Batch))
	work := make(chan []evokg.ExperienceInput)
	errs := make(chan error, opts.Clients)
	var mu sync.Mutex
	var sends ingestSends
	var wg sync.WaitGroup
	for range opts.Clients {
		wg.Go(func() {
			for c := range work {
				at := time.Now()
				ids, err := ingestChunk(ctx, svc, ns, c)
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				sends = append(sends, ingestSend{at: at, done: time.Now(), ids: ids})
				mu.Unlock()
			}
		})
	}
	pace := rate.NewLimiter(rate.Inf, opts.Batch)
	if opts.Rate > 0 {
		pace = rate.NewLimiter(rate.Limit(opts.Rate), opts.Batch)
	}
	go func() {
		defer close(work)
		for _, c := range chunks {
			if pace.WaitN(ctx, len(c)) != nil {
				return
			}
			select {
			case work <- c:
			case <-ctx.Done():
				return
			}
		}
	}()
	wg.Wait()
	close(errs)
	return sends, <-errs
}

func ingestChunk(ctx context.Context, svc *ingest.Service, ns string, c []evokg.ExperienceInput) ([]uuid.UUID, error) {
	if len(c) == 1 {
		r, err := svc.Ingest(ctx, ns, c[0], "")
		return []uuid.UUID{r.ID}, err
	}
	rs, err := svc.IngestBatch(ctx, ns, c, "")
	ids := make([]uuid.UUID, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return ids, err
}

// ingestSendLags are the times from each request's send to its
// experiences' projection, in ms, sorted.
func ingestSendLags(ctx context.Context, pool *pgxpool.Pool, ns string, sends ingestSends) ([]float64, error) {
	sentAt := map[uuid.UUID]time.Time{}
	for _, r := range sends {
		for _, id := range r.ids {
			sentAt[id] = r.at
		}
	}
	rows, err := pool.Query(ctx, ingestQueries.Get("ingest_projected_at"), ns)
	if err != nil {
		return nil, err
	}
	var lags []float64
	var id uuid.UUID
	var projected int64
	_, err = pgx.ForEachRow(rows, []any{&id, &projected}, func() error {
		if at, ok := sentAt[id]; ok {
			lags = append(lags, ms(time.UnixMicro(projected).Sub(at)))
		}
		return nil
	})
	slices.Sort(lags)
	return lags, err
}

// ingestWaitCommitted polls until n experiences of ns are committed, or one failed.
func ingestWaitCommitted(ctx context.Context, pool *pgxpool.Pool, ns string, n int, progress io.Writer) error {
	// A poll counts the namespace's rows: often enough to time the end, rarely
	// enough not to take CPU from what is measured.
	tick := time.NewTicker(250 * time.Millisecond)
	defer tick.Stop()
	last := time.Now()
	for {
		var committed, failed int
		err := pool.QueryRow(ctx, ingestQueries.Get("ingest_status_counts"), ns).Scan(&committed, &failed)
		if err != nil {
			return err
		}
		if failed > 0 {
			return fmt.Errorf("bench: %d experiences failed to project", failed)
		}
		if committed >= n {
			return nil
		}
		if time.Since(last) > 2*time.Second {
			fmt.Fprintf(progress, "projected %d of %d\n", committed, n)
			last = time.Now()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

func ingestProjectionLags(ctx context.Context, pool *pgxpool.Pool, ns string) ([]float64, error) {
	rows, err := pool.Query(ctx, ingestQueries.Get("ingest_projection_lags"), ns)
	if err != nil {
		return nil, err
	}
	lags, err := pgx.CollectRows(rows, pgx.RowTo[float64])
	slices.Sort(lags)
	return lags, err
}

// ingestQuantile of sorted values (nearest rank); 0 for none.
func ingestQuantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(q*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

package bench

import (
	"bufio"
	"cmp"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/bytedance/sonic"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

//go:embed queries/retrieval_*.sql
var retrievalQueryFiles embed.FS

var retrievalQueries = postgres.MustLoadQueries(retrievalQueryFiles)

// RetrievalOptions configures the retrieval benchmark. Zero fields take the
// documented defaults.
type RetrievalOptions struct {
	// Memories is the number of synthetic memories seeded. Default 10,000.
	Memories int
	// TaskTypes spreads the memories over this many task types. Default 50.
	TaskTypes int
	// Clusters is the number of vector clusters per task type. Default 8.
	Clusters int
	// Noise is the per-coordinate standard deviation around a cluster centre
	// (before normalisation), relative to the centre's. Default 0.5.
	Noise float64
	// Dim is the embedding dimension; it must match the database. Default 768.
	Dim int
	// Queries is the number of measured memory packs. Default 1,000.
	Queries int
	// Warmup is the number of unmeasured memory packs run first. Default 200.
	Warmup int
	// RecallQueries is the number of queries whose ANN result is compared
	// with an exact search. Default 200.
	RecallQueries int
	// K is the top-K of the semantic channel. Default 3.
	K int
	// Strategy is the search arm of the timed packs: semantic (the
	// default) or lexical, whose question names one seeded memory's number.
	Strategy string
	// FailureShare is the share of failure memories. Default 0.3.
	FailureShare float64
	// Namespace receives the synthetic memories; it is purged before and
	// after the run. Default "bench-retrieval".
	Namespace string
	// Seed makes the data reproducible. Default 1.
	Seed uint64
	// Keep leaves the memories in place after the run.
	Keep bool
	// DeferIndexes seeds with the HNSW indexes dropped and builds them
	// after (evokg import --defer-indexes): for a large seed on a quiet
	// database.
	DeferIndexes bool
	// EfSearch is the HNSW candidate list of the searches. Default
	// vector.DefaultEfSearch.
	EfSearch int
	// Reuse measures the memories a previous run with Keep and the same
	// options left in the namespace instead of seeding again.
	Reuse bool
}

// WithDefaults returns o with zero fields set to their defaults.
func (o RetrievalOptions) WithDefaults() RetrievalOptions {
	def := func(v *int, d int) {
		if *v == 0 {
			*v = d
		}
	}
	def(&o.Memories, 10_000)
	def(&o.TaskTypes, 50)
	def(&o.Clusters, 8)
	def(&o.Dim, evokg.DefaultEmbeddingDim)
	def(&o.Queries, 1_000)
	def(&o.Warmup, 200)
	def(&o.RecallQueries, 200)
	def(&o.K, 3)
	def(&o.EfSearch, vector.DefaultEfSearch)
	if o.Noise == 0 {
		o.Noise = 0.5
	}
	if o.FailureShare == 0 {
		o.FailureShare = 0.3
	}
	if o.Namespace == "" {
		o.Namespace = "bench-retrieval"
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	return o
}

func (o RetrievalOptions) validate() error {
	switch {
	case o.Memories < o.TaskTypes:
		return fmt.Errorf("bench: %d memories for %d task types", o.Memories, o.TaskTypes)
	case o.TaskTypes < 1 || o.Clusters < 1 || o.Queries < 1 || o.K < 1:
		return errors.New("bench: task types, clusters, queries and K must be positive")
	case o.FailureShare < 0 || o.FailureShare > 1:
		return errors.New("bench: failure share out of [0, 1]")
	case !evokg.ValidNamespace(o.Namespace):
		return fmt.Errorf("bench: invalid namespace %q", o.Namespace)
	}
	return nil
}

// RetrievalResult is the benchmark's outcome; its JSON is the command's last line.
type RetrievalResult struct {
	Memories      int     `json:"memories"`
	TaskTypes     int     `json:"task_types"`
	Dim           int     `json:"dim"`
	K             int     `json:"k"`
	Queries       int     `json:"queries"`
	P50MS         float64 `json:"p50_ms"`
	P95MS         float64 `json:"p95_ms"`
	P99MS         float64 `json:"p99_ms"`
	MeanMS        float64 `json:"mean_ms"`
	RecallAtK     float64 `json:"recall_at_k"`
	RecallQueries int     `json:"recall_queries"`
	// SeedSeconds is the bulk load through evokg import, ANN index
	// builds (SeedIndexSeconds) included; zero with Reuse.
	SeedSeconds      float64 `json:"seed_seconds"`
	SeedIndexSeconds float64 `json:"seed_index_seconds"`
	SeedPerSecond    float64 `json:"seed_per_second"`
	DeferIndexes     bool    `json:"defer_indexes"`
	EfSearch         int     `json:"ef_search"`
	Design           string  `json:"design"`
}

// JSON returns the result as one line of JSON.
func (r RetrievalResult) JSON() string {
	b, _ := json.Marshal(r)
	return string(b)
}

// retrievalDesign describes what is measured, for the record.
const retrievalDesign = "success/failure tables hash-partitioned on (namespace, task_type) x16, vector(D) STORAGE PLAIN, " +
	"primary key (namespace, task_type, id) + per-partition partial HNSW (m=16, ef_construction=64) over the rows a slice gains once it is listed as grown; " +
	"slices under 256 rows (counted per search) scanned exactly, larger ones as the planner picks (HNSW or exact) merged with their exactly scanned tail, ef_search as configured (default 100) with relaxed iterative scans; " +
	"full pack = settings + both channels with payload join in one round trip, scoring, rendering"

// Retrieval seeds opts.Memories synthetic memories (clustered vectors over
// task types, one namespace) and measures full memory packs — both channels,
// payloads, scoring and rendering, with the query vector passed in so no
// model is called — and recall@K of the filtered ANN search against an
// exact search. Progress lines go to progress. The namespace is purged
// before and (unless Keep) after the run.
func Retrieval(ctx context.Context, pool *pgxpool.Pool, opts RetrievalOptions, progress io.Writer) (RetrievalResult, error) {
	opts = opts.WithDefaults()
	if err := opts.validate(); err != nil {
		return RetrievalResult{}, err
	}
	if progress == nil {
		progress = io.Discard
	}
	if err := vector.CheckDimension(ctx, pool, opts.Dim); err != nil {
		return RetrievalResult{}, err
	}
	if !opts.Reuse {
		if err := postgres.PurgeNamespace(ctx, pool, opts.Namespace); err != nil {
			return RetrievalResult{}, fmt.Errorf("bench: purging %s: %w", opts.Namespace, err)
		}
	}
	if !opts.Keep {
		defer func() {
			fmt.Fprintf(progress, "purging namespace %s\n", opts.Namespace)
			_ = postgres.PurgeNamespace(context.WithoutCancel(ctx), pool, opts.Namespace)
		}()
	}
	defer func() { _ = dropSeedJobs(context.WithoutCancel(ctx), pool) }()
	data := newRetrievalData(opts)
	res := RetrievalResult{Memories: opts.Memories, TaskTypes: opts.TaskTypes, Dim: opts.Dim, K: opts.K,
		Queries: opts.Queries, DeferIndexes: opts.DeferIndexes, EfSearch: opts.EfSearch, Design: retrievalDesign}
	if !opts.Reuse {
		start := time.Now()
		seeded, err := seedRetrieval(ctx, pool, data, progress)
		if err != nil {
			return RetrievalResult{}, err
		}
		res.SeedSeconds, res.SeedIndexSeconds = time.Since(start).Seconds(), seeded.IndexSeconds
		res.SeedPerSecond = float64(opts.Memories) / res.SeedSeconds
		fmt.Fprintf(progress, "seeded %d memories in %.1fs (indexes %.1fs)\n", opts.Memories, res.SeedSeconds, res.SeedIndexSeconds)
	}
	store := vector.NewStore(pool, opts.Dim).WithEfSearch(opts.EfSearch)
	if err := store.Analyze(ctx); err != nil {
		return RetrievalResult{}, err
	}
	if err := measureRetrievalLatency(ctx, store, data, &res, progress); err != nil {
		return res, err
	}
	recall, err := measureRetrievalRecall(ctx, store, data)
	if err != nil {
		return res, err
	}
	res.RecallAtK, res.RecallQueries = recall, opts.RecallQueries
	fmt.Fprintf(progress, "recall@%d %.4f over %d queries\n", opts.K, recall, opts.RecallQueries)
	return res, nil
}

// retrievalData is the synthetic corpus: cluster centres per task type.
type retrievalData struct {
	opts    RetrievalOptions
	rng     *rand.Rand
	centres [][][]float32 // [task type][cluster]
}

func newRetrievalData(opts RetrievalOptions) *retrievalData {
	d := &retrievalData{opts: opts, rng: rand.New(rand.NewPCG(opts.Seed, 0x5eed))}
	d.centres = make([][][]float32, opts.TaskTypes)
	for t := range d.centres {
		d.centres[t] = make([][]float32, opts.Clusters)
		for c := range d.centres[t] {
			d.centres[t][c] = d.gaussian(nil, 1)
		}
	}
	return d
}

func retrievalTaskType(t int) string { return fmt.Sprintf("task-%03d", t) }

// gaussian returns base + N(0, sd²) per coordinate, normalised (zero base
// when nil).
func (d *retrievalData) gaussian(base []float32, sd float64) []float32 {
	v := make([]float32, d.opts.Dim)
	var norm float64
	for i := range v {
		x := d.rng.NormFloat64() * sd
		if base != nil {
			x += float64(base[i])
		}
		v[i] = float32(x)
		norm += x * x
	}
	norm = math.Sqrt(norm)
	for i := range v {
		v[i] = float32(float64(v[i]) / norm)
	}
	return v
}

// point draws a vector near a random centre of task type t. The centres are
// unit vectors; the noise is scaled to them.
func (d *retrievalData) point(t int) []float32 {
	c := d.centres[t][d.rng.IntN(d.opts.Clusters)]
	return d.gaussian(c, d.opts.Noise/math.Sqrt(float64(d.opts.Dim)))
}

// memory is the i-th synthetic memory, as an NDJSON line of evokg import
// takes it: pre-evaluated, with its embedding.
func (d *retrievalData) memory(i int) evokg.ExperienceInput {
	t := i % d.opts.TaskTypes
	tt := retrievalTaskType(t)
	in := evokg.ExperienceInput{Embedding: d.point(t), ExperienceFields: evokg.ExperienceFields{
		TaskType:       tt,
		Outcome:        evokg.OutcomeSuccess,
		Question:       fmt.Sprintf("Synthetic question %d of %s?", i, tt),
		Answer:         fmt.Sprintf("answer %d", i),
		ChainOfThought: "Step 1: read the question. Step 2: apply the method of the task type. Step 3: check the result.",
		Evaluation:     &evokg.Evaluation{Correct: 1, Efficient: d.rng.Float64(), Complete: 1},
	}}
	if d.rng.Float64() < d.opts.FailureShare {
		in.Outcome, in.FailureKind = evokg.OutcomeFailure, evokg.FailureSpecific
		if d.rng.IntN(2) == 0 {
			in.FailureKind = evokg.FailureTypeStrategy
		}
		in.Evaluation.Correct = 0
		in.Content = "Correction: the earlier attempt skipped the unit conversion; convert before aggregating."
	}
	return in
}

// retrievalSeedQueue holds the projection jobs of the seeded memories: no
// worker works it, the benchmark measures Postgres alone and drops them.
const retrievalSeedQueue = "bench_retrieval_seed"

// seedRetrieval loads the memories through the bulk-load path (evokg
// import), streaming them as NDJSON, and returns what the import reports.
func seedRetrieval(ctx context.Context, pool *pgxpool.Pool, d *retrievalData, progress io.Writer) (ingest.ImportResult, error) {
	queue, err := workers.NewInsertClient(pool, workers.Config{}, nil)
	if err != nil {
		return ingest.ImportResult{}, err
	}
	svc := ingest.NewService(ingest.Config{EmbeddingDim: d.opts.Dim, EvaluateQueue: retrievalSeedQueue, ProjectQueue: retrievalSeedQueue},
		pool, queue, nil, vector.NewStore(pool, d.opts.Dim), nil)
	r, w := io.Pipe()
	go func() { w.CloseWithError(d.writeMemories(w, progress)) }()
	res, err := svc.Import(ctx, d.opts.Namespace, r, ingest.ImportOptions{DeferIndexes: d.opts.DeferIndexes})
	r.CloseWithError(err)
	if err == nil && res.Invalid > 0 {
		err = fmt.Errorf("bench: %d memories refused by the import: %s", res.Invalid, res.Errors[0])
	}
	return res, err
}

// writeMemories writes the memories as NDJSON, with a progress line every
// retrievalProgressEvery.
func (d *retrievalData) writeMemories(w io.Writer, progress io.Writer) error {
	bw := bufio.NewWriterSize(w, 1<<20)
	enc := sonic.ConfigDefault.NewEncoder(bw) // 4× encoding/json on 768 floats
	for i := range d.opts.Memories {
		if err := enc.Encode(d.memory(i)); err != nil {
			return err
		}
		if (i+1)%retrievalProgressEvery == 0 {
			fmt.Fprintf(progress, "seeding %d/%d\n", i+1, d.opts.Memories)
		}
	}
	return bw.Flush()
}

const retrievalProgressEvery = 50_000

// dropSeedJobs removes the seeded memories' projection jobs.
func dropSeedJobs(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, retrievalQueries.Get("retrieval_drop_seed_jobs"), retrievalSeedQueue)
	return err
}

// query draws a question vector near a centre of a random task type.
func (d *retrievalData) query() (string, []float32) {
	t := d.rng.IntN(d.opts.TaskTypes)
	return retrievalTaskType(t), d.point(t)
}

func measureRetrievalLatency(ctx context.Context, store *vector.Store, d *retrievalData, res *RetrievalResult, progress io.Writer) error {
	r := retrieval.New(retrieval.Config{K: d.opts.K}, store, nil, nil, nil)
	took := make([]float64, 0, d.opts.Queries)
	for i := range d.opts.Warmup + d.opts.Queries {
		if err := ctx.Err(); err != nil {
			return err
		}
		tt, vec := d.query()
		pack, err := r.Retrieve(ctx, retrieval.Request{Namespace: d.opts.Namespace, TaskType: tt,
			Question: fmt.Sprintf("Synthetic question %d of %s?", d.rng.IntN(d.opts.Memories), tt), Embedding: vec,
			Strategy: cmp.Or(d.opts.Strategy, retrieval.StrategySemantic)})
		if err != nil {
			return fmt.Errorf("bench: memory pack: %w", err)
		}
		if i >= d.opts.Warmup {
			took = append(took, pack.TookMS)
		}
	}
	slices.Sort(took)
	res.P50MS, res.P95MS, res.P99MS = retrievalPercentile(took, 0.50), retrievalPercentile(took, 0.95), retrievalPercentile(took, 0.99)
	var sum float64
	for _, t := range took {
		sum += t
	}
	res.MeanMS = sum / float64(len(took))
	fmt.Fprintf(progress, "memory packs: p50 %.2f ms, p95 %.2f ms, p99 %.2f ms over %d\n", res.P50MS, res.P95MS, res.P99MS, len(took))
	return nil
}

// measureRetrievalRecall compares the filtered ANN top-K of both channels
// with the exact top-K: recall = |ANN ∩ exact| / |exact|, over all queries.
func measureRetrievalRecall(ctx context.Context, store *vector.Store, d *retrievalData) (float64, error) {
	var found, want int
	for range d.opts.RecallQueries {
		tt, vec := d.query()
		for _, ch := range []evokg.Channel{evokg.ChannelSuccess, evokg.ChannelFailure} {
			q := vector.Query{Namespace: d.opts.Namespace, TaskType: tt, Channel: ch, Embedding: vec, K: d.opts.K}
			ann, err := store.Search(ctx, q)
			if err != nil {
				return 0, err
			}
			exact, err := store.SearchExact(ctx, q)
			if err != nil {
				return 0, err
			}
			found += retrievalOverlap(ann, exact)
			want += len(exact)
		}
	}
	if want == 0 {
		return 0, errors.New("bench: exact search found nothing")
	}
	return float64(found) / float64(want), nil
}

func retrievalOverlap(a, b []vector.Hit) int {
	n := 0
	for _, h := range b {
		if slices.ContainsFunc(a, func(x vector.Hit) bool { return x.ID == h.ID }) {
			n++
		}
	}
	return n
}

// retrievalPercentile of sorted values (nearest rank).
func retrievalPercentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

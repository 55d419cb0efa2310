package bench

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/pgvector/pgvector-go"
	pgxvec "github.com/pgvector/pgvector-go/pgx"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
)

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
	// FailureShare is the share of failure memories. Default 0.3.
	FailureShare float64
	// Namespace receives the synthetic memories; it is purged before and
	// after the run. Default "bench-retrieval".
	Namespace string
	// Seed makes the data reproducible. Default 1.
	Seed uint64
	// Keep leaves the memories in place after the run.
	Keep bool
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
	SeedSeconds   float64 `json:"seed_seconds"`
	Design        string  `json:"design"`
}

// JSON returns the result as one line of JSON.
func (r RetrievalResult) JSON() string {
	b, _ := json.Marshal(r)
	return string(b)
}

// retrievalDesign describes what is measured, for the record.
const retrievalDesign = "success/failure tables hash-partitioned on (namespace, task_type) x16, vector(D) STORAGE PLAIN, " +
	"btree (namespace, task_type, outcome, failure_kind) + per-partition HNSW (m=16, ef_construction=64); " +
	"slices under 256 rows (counted per search) scanned exactly, larger ones as the planner picks (HNSW or exact), ef_search=40 with relaxed iterative scans; " +
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
	data := newRetrievalData(opts)
	start := time.Now()
	if !opts.Reuse {
		if err := seedRetrieval(ctx, pool, data, progress); err != nil {
			return RetrievalResult{}, err
		}
	}
	store := vector.NewStore(pool, opts.Dim)
	if err := store.Analyze(ctx); err != nil {
		return RetrievalResult{}, err
	}
	res := RetrievalResult{Memories: opts.Memories, TaskTypes: opts.TaskTypes, Dim: opts.Dim, K: opts.K,
		Queries: opts.Queries, SeedSeconds: time.Since(start).Seconds(), Design: retrievalDesign}
	fmt.Fprintf(progress, "seeded %d memories in %.1fs\n", opts.Memories, res.SeedSeconds)
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

// retrievalMemory is one synthetic row.
type retrievalMemory struct {
	id       uuid.UUID
	taskType string
	outcome  evokg.Outcome
	kind     evokg.FailureKind
	quality  float64
	created  time.Time
	record   []byte
	vec      []float32
}

func (d *retrievalData) memory(i int, now time.Time) retrievalMemory {
	t := i % d.opts.TaskTypes
	m := retrievalMemory{id: evokg.NewID(), taskType: retrievalTaskType(t), outcome: evokg.OutcomeSuccess,
		quality: 0.3 + 0.7*d.rng.Float64(), created: now.Add(-time.Duration(d.rng.IntN(90*24)) * time.Hour), vec: d.point(t)}
	exp := evokg.Experience{
		ID:        m.id,
		Version:   1,
		CreatedAt: m.created,
		ExperienceFields: evokg.ExperienceFields{
			TaskType:       m.taskType,
			Outcome:        m.outcome,
			Question:       fmt.Sprintf("Synthetic question %d of %s?", i, m.taskType),
			Answer:         fmt.Sprintf("answer %d", i),
			ChainOfThought: "Step 1: read the question. Step 2: apply the method of the task type. Step 3: check the result.",
		},
	}
	if d.rng.Float64() < d.opts.FailureShare {
		m.outcome, exp.Outcome = evokg.OutcomeFailure, evokg.OutcomeFailure
		m.kind = evokg.FailureSpecific
		if d.rng.IntN(2) == 0 {
			m.kind = evokg.FailureTypeStrategy
		}
		exp.FailureKind = m.kind
		exp.Content = "Correction: the earlier attempt skipped the unit conversion; convert before aggregating."
	}
	m.record, _ = json.Marshal(exp)
	return m
}

const retrievalSeedBatch = 5_000

// seedRetrieval writes the memories with COPY: experiences first, then the
// two channel tables, in batches of retrievalSeedBatch rows.
func seedRetrieval(ctx context.Context, pool *pgxpool.Pool, d *retrievalData, progress io.Writer) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if err := pgxvec.RegisterTypes(ctx, conn.Conn()); err != nil {
		return fmt.Errorf("bench: registering pgvector types: %w", err)
	}
	now := evokg.Now()
	for done := 0; done < d.opts.Memories; done += retrievalSeedBatch {
		n := min(retrievalSeedBatch, d.opts.Memories-done)
		batch := make([]retrievalMemory, n)
		for i := range batch {
			batch[i] = d.memory(done+i, now)
		}
		if err := copyRetrievalMemories(ctx, conn.Conn(), d.opts.Namespace, batch); err != nil {
			return err
		}
		fmt.Fprintf(progress, "seeding %d/%d\n", done+n, d.opts.Memories)
	}
	return nil
}

func copyRetrievalMemories(ctx context.Context, conn *pgx.Conn, ns string, batch []retrievalMemory) error {
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		exps := make([][]any, len(batch))
		chans := map[evokg.Channel][][]any{}
		for i, m := range batch {
			exps[i] = []any{m.id, ns, m.taskType, string(m.outcome), retrievalNullKind(m.kind), "committed", m.record, m.quality, m.created, m.created}
			ch := m.outcome.Channel()
			chans[ch] = append(chans[ch], []any{m.id, ns, m.taskType, string(m.outcome), retrievalNullKind(m.kind), m.quality,
				[]string{}, m.created, pgvector.NewVector(m.vec)})
		}
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"experiences"}, []string{"id", "namespace", "task_type", "outcome",
			"failure_kind", "status", "record", "quality", "created_at", "updated_at"}, pgx.CopyFromRows(exps)); err != nil {
			return fmt.Errorf("bench: copying experiences: %w", err)
		}
		for ch, rows := range chans {
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{string(ch) + "_index"}, []string{"id", "namespace", "task_type",
				"outcome", "failure_kind", "quality", "signature", "created_at", "embedding"}, pgx.CopyFromRows(rows)); err != nil {
				return fmt.Errorf("bench: copying the %s index: %w", ch, err)
			}
		}
		return nil
	})
}

func retrievalNullKind(k evokg.FailureKind) *string {
	if k == "" {
		return nil
	}
	s := string(k)
	return &s
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
			Question: "synthetic", Embedding: vec, Strategy: retrieval.StrategySemantic})
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

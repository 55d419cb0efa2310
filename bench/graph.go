// Package bench measures EvoKG's stores at realistic sizes and reports
// figures as JSON (`evokg bench …`).
package bench

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"slices"
	"sort"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
)

// GraphOptions sizes the graph benchmark. Zero fields take the defaults of
// WithDefaults.
type GraphOptions struct {
	Namespace   string // default bench-graph-<random>; purged at the end
	Experiences int    // 10,000
	Skills      int    // 100
	TaskTypes   int    // 50
	Operations  int    // vocabulary of the signatures; 40
	Entities    int    // 500
	Iterations  int    // timed runs per query; 200
	Seed        uint64 // data generator seed; 1
	Keep        bool   // keep the namespace for inspection instead of purging it
	// Cold times every run from the first: no untimed runs warm a query's
	// plan first, so a freshly started Neo4j shows its compilation cost.
	Cold bool
	// WarmRounds runs graph.Warm, as evokg serve does at start, after the
	// build and before the timed runs; WarmOnData its reads on data.
	WarmRounds int
	WarmOnData time.Duration
	// Window, when set, also reports each query's latencies per window of
	// this length from the first timed run: how long a fresh server stays
	// slow.
	Window time.Duration
	// Load, when set, runs beside the timed runs (bench graph --with-load
	// runs an ingest bench in it): they repeat until it returns.
	Load func(ctx context.Context) error
}

// WithDefaults returns o with every unset field at its default.
func (o GraphOptions) WithDefaults() GraphOptions {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&o.Experiences, 10000)
	def(&o.Skills, 100)
	def(&o.TaskTypes, 50)
	def(&o.Operations, 40)
	def(&o.Entities, 500)
	def(&o.Iterations, 200)
	if o.Seed == 0 {
		o.Seed = 1
	}
	if o.Namespace == "" {
		b := make([]byte, 4)
		_, _ = rand.Read(b)
		o.Namespace = "bench-graph-" + hex.EncodeToString(b)
	}
	return o
}

// GraphSizes is what the benchmark built.
type GraphSizes struct {
	Experiences int   `json:"experiences"`
	Skills      int   `json:"skills"`
	TaskTypes   int   `json:"task_types"`
	Operations  int   `json:"operations"`
	Entities    int   `json:"entities"`
	Nodes       int64 `json:"nodes"`
	Edges       int64 `json:"edges"`
}

// QueryStats are the latencies of one query over the timed runs.
type QueryStats struct {
	P50MS   float64 `json:"p50_ms"`
	P95MS   float64 `json:"p95_ms"`
	MaxMS   float64 `json:"max_ms"`
	FirstMS float64 `json:"first_ms"` // the first timed run
	Runs    int     `json:"runs"`
	AvgRows float64 `json:"avg_rows"`
}

// GraphResult is the benchmark's JSON report.
type GraphResult struct {
	Namespace  string                `json:"namespace"`
	Sizes      GraphSizes            `json:"sizes"`
	BuildMS    float64               `json:"build_ms"`
	WarmMS     float64               `json:"warm_ms,omitempty"`
	Iterations int                   `json:"iterations"`
	Queries    map[string]QueryStats `json:"queries"`
	Windows    []GraphWindow         `json:"windows,omitempty"`
}

// GraphWindow is the queries' latencies in one window of the timed runs.
type GraphWindow struct {
	StartS  float64               `json:"start_s"` // from the first timed run
	Queries map[string]QueryStats `json:"queries"`
}

// Graph builds a synthetic graph in a fresh namespace, measures the
// traversal queries of the graph package on it and purges the namespace.
func Graph(ctx context.Context, g *graph.Graph, opts GraphOptions, progress io.Writer) (res GraphResult, err error) {
	opts = opts.WithDefaults()
	if !evokg.ValidNamespace(opts.Namespace) {
		return res, evokg.Invalid(evokg.FieldError{Pointer: "/namespace", Detail: "is not a valid namespace"})
	}
	res = GraphResult{Namespace: opts.Namespace, Iterations: opts.Iterations, Queries: map[string]QueryStats{}}
	if err := g.ApplySchema(ctx); err != nil {
		return res, err
	}
	if !opts.Keep {
		defer func() {
			fmt.Fprintf(progress, "purging namespace %s\n", opts.Namespace)
			if perr := g.PurgeNamespace(context.WithoutCancel(ctx), opts.Namespace); perr != nil && err == nil {
				err = perr
			}
		}()
	}
	data := generateGraph(opts)
	fmt.Fprintf(progress, "building %d experiences, %d skills, %d task types in %s\n", opts.Experiences, opts.Skills, opts.TaskTypes, opts.Namespace)
	start := time.Now()
	if err := g.BulkLoad(ctx, opts.Namespace, data.bulk); err != nil {
		return res, fmt.Errorf("bench: building the graph: %w", err)
	}
	res.BuildMS = graphMS(time.Since(start))
	res.Sizes = GraphSizes{Experiences: opts.Experiences, Skills: opts.Skills, TaskTypes: opts.TaskTypes, Operations: opts.Operations, Entities: opts.Entities}
	if res.Sizes.Nodes, res.Sizes.Edges, err = g.CountNodesAndEdges(ctx, opts.Namespace); err != nil {
		return res, err
	}
	fmt.Fprintf(progress, "built %d nodes and %d edges in %.0f ms\n", res.Sizes.Nodes, res.Sizes.Edges, res.BuildMS)
	if opts.WarmRounds > 0 {
		rep, err := g.Warm(ctx, graph.WarmOptions{Rounds: opts.WarmRounds, OnData: opts.WarmOnData})
		if err != nil {
			return res, err
		}
		res.WarmMS = graphMS(rep.Took)
		fmt.Fprintf(progress, "warmed neo4j: %d rounds, %d queries, then %d reads on %v, in %.0f ms\n",
			rep.Rounds, rep.Queries, rep.DataReads, rep.DataNamespaces, res.WarmMS)
	}
	queries := graphQueries(g, opts, data)
	samples, err := measureGraphQueries(ctx, queries, opts)
	if err != nil {
		return res, err
	}
	for _, q := range queries {
		stats := samples[q.name].stats()
		res.Queries[q.name] = stats
		fmt.Fprintf(progress, "%-26s first %7.2f ms  p50 %6.2f ms  p95 %6.2f ms  max %7.2f ms  rows %.1f  runs %d\n",
			q.name, stats.FirstMS, stats.P50MS, stats.P95MS, stats.MaxMS, stats.AvgRows, stats.Runs)
	}
	if opts.Window > 0 {
		res.Windows = graphWindows(queries, samples, opts.Window)
		printGraphWindows(progress, queries, res.Windows)
	}
	return res, nil
}

// graphWindows splits every query's timed runs by when they started.
func graphWindows(queries []graphQuery, samples map[string]*graphSamples, window time.Duration) []GraphWindow {
	var out []GraphWindow
	for _, q := range queries {
		s := samples[q.name]
		byWindow := map[int]*graphSamples{}
		for i, at := range s.at {
			w := int(at / window)
			if byWindow[w] == nil {
				byWindow[w] = &graphSamples{}
			}
			byWindow[w].durations = append(byWindow[w].durations, s.durations[i])
		}
		for w, ws := range byWindow {
			for len(out) <= w {
				out = append(out, GraphWindow{StartS: (time.Duration(len(out)) * window).Seconds(), Queries: map[string]QueryStats{}})
			}
			out[w].Queries[q.name] = ws.stats()
		}
	}
	return out
}

func printGraphWindows(progress io.Writer, queries []graphQuery, windows []GraphWindow) {
	for _, w := range windows {
		fmt.Fprintf(progress, "from %6.1f s, p50/p95 ms:", w.StartS)
		for _, q := range queries {
			if st, ok := w.Queries[q.name]; ok {
				fmt.Fprintf(progress, "  %s %.1f/%.1f", q.name, st.P50MS, st.P95MS)
			}
		}
		fmt.Fprintln(progress)
	}
}

// measureGraphQueries times opts.Iterations rounds per pass; a round runs
// every query once, so each query's runs spread over the whole pass (as a
// user's mixed requests do) instead of one query taking the first, noisiest
// moments. With a Load, the load starts with the first pass and the passes
// repeat until it returns, so every run is timed while it runs.
func measureGraphQueries(ctx context.Context, queries []graphQuery, opts GraphOptions) (map[string]*graphSamples, error) {
	samples := make(map[string]*graphSamples, len(queries))
	for _, q := range queries {
		samples[q.name] = &graphSamples{}
		if opts.Cold {
			continue
		}
		if err := samples[q.name].warm(ctx, q.run); err != nil {
			return nil, fmt.Errorf("bench: %s: %w", q.name, err)
		}
	}
	var loadDone chan error
	if opts.Load != nil {
		loadDone = make(chan error, 1)
		go func() { loadDone <- opts.Load(ctx) }()
	}
	start := time.Now()
	for {
		for range opts.Iterations {
			for _, q := range queries {
				if err := samples[q.name].measure(ctx, q.run, start); err != nil {
					return nil, fmt.Errorf("bench: %s: %w", q.name, err)
				}
			}
		}
		if loadDone == nil {
			return samples, nil
		}
		select {
		case err := <-loadDone:
			return samples, err
		default:
		}
	}
}

// graphQuery runs one query for iteration i and returns its row count.
type graphQuery struct {
	name string
	run  func(ctx context.Context, i int) (int, error)
}

func graphQueries(g *graph.Graph, o GraphOptions, d *graphDataset) []graphQuery {
	ns := o.Namespace
	return []graphQuery{
		{"frontier", func(ctx context.Context, _ int) (int, error) {
			r, err := g.Frontier(ctx, ns, evokg.DefaultMasteryTheta)
			return len(r), err
		}},
		{"cascade", func(ctx context.Context, i int) (int, error) {
			r, err := g.Cascade(ctx, ns, d.taskTypes[i%len(d.taskTypes)])
			return len(r), err
		}},
		{"neighbors_2hop", func(ctx context.Context, i int) (int, error) {
			seeds := []uuid.UUID{d.ids[(i*7919)%len(d.ids)], d.ids[(i*104729+13)%len(d.ids)], d.ids[(i*31+5)%len(d.ids)]}
			r, err := g.Neighbors(ctx, ns, seeds, 2)
			return len(r), err
		}},
		{"transitions", func(ctx context.Context, _ int) (int, error) {
			r, err := g.Transitions(ctx, ns, 1000)
			return len(r), err
		}},
		// Retrieval always filters by task type; projection and cross-domain
		// transfer match across all of them.
		{"signature_matches", func(ctx context.Context, i int) (int, error) {
			t := i % len(d.taskTypes)
			r, err := g.SignatureMatches(ctx, ns, d.taskTypes[t], d.templates[t], evokg.DefaultStructuralThreshold, 10)
			return len(r), err
		}},
		{"signature_matches_any_type", func(ctx context.Context, i int) (int, error) {
			r, err := g.SignatureMatches(ctx, ns, "", d.templates[i%len(d.templates)], evokg.DefaultStructuralThreshold, 10)
			return len(r), err
		}},
		{"memory_counts", func(ctx context.Context, _ int) (int, error) {
			r, err := g.MemoryCounts(ctx, ns)
			return len(r), err
		}},
	}
}

// graphSamples are one query's timed runs.
type graphSamples struct {
	durations []float64
	at        []time.Duration // when each run started, from the first timed run
	rows      int
}

// warm runs q a few times untimed, to plan it and fill caches.
func (s *graphSamples) warm(ctx context.Context, q func(context.Context, int) (int, error)) error {
	for i := range 10 {
		if _, err := q(ctx, i); err != nil {
			return err
		}
	}
	return nil
}

// measure times one run of q; timing started at origin.
func (s *graphSamples) measure(ctx context.Context, q func(context.Context, int) (int, error), origin time.Time) error {
	start := time.Now()
	k, err := q(ctx, len(s.durations))
	if err != nil {
		return err
	}
	s.durations = append(s.durations, graphMS(time.Since(start)))
	s.at = append(s.at, start.Sub(origin))
	s.rows += k
	return nil
}

func (s *graphSamples) stats() QueryStats {
	n := len(s.durations)
	first := s.durations[0]
	sorted := slices.Sorted(slices.Values(s.durations))
	return QueryStats{P50MS: graphPercentile(sorted, 0.50), P95MS: graphPercentile(sorted, 0.95), MaxMS: sorted[n-1],
		FirstMS: first, AvgRows: float64(s.rows) / float64(n), Runs: n}
}

// graphPercentile returns the nearest-rank graphPercentile of sorted values.
func graphPercentile(sorted []float64, p float64) float64 {
	i := int(float64(len(sorted))*p+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

func graphMS(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// graphDataset is the generated graph plus what the queries draw inputs from.
type graphDataset struct {
	bulk      *graph.BulkData
	taskTypes []string
	templates [][]string
	ids       []uuid.UUID
}

// generateGraph builds a deterministic synthetic graph: per task type a template
// signature that experiences follow with mutations, entities local to task
// types, a layered prerequisite DAG, principles on skills, provenance within
// a task type and the structural and semantic edges projection would draw.
func generateGraph(o GraphOptions) *graphDataset {
	rng := mrand.New(mrand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	d := &graphDataset{bulk: &graph.BulkData{}}
	b := d.bulk
	for i := range o.TaskTypes {
		d.taskTypes = append(d.taskTypes, fmt.Sprintf("task-%02d", i))
	}
	b.TaskTypes = d.taskTypes
	for i := range o.Operations {
		b.Operations = append(b.Operations, fmt.Sprintf("op_%02d", i))
	}
	for i := range o.Entities {
		b.Entities = append(b.Entities, evokg.Entity{Name: fmt.Sprintf("entity-%03d", i), Type: "thing"})
	}
	for range d.taskTypes {
		d.templates = append(d.templates, graphSample(rng, b.Operations, 4+rng.IntN(3)))
	}
	generateGraphSkills(rng, o, b)
	generateGraphExperiences(rng, o, d)
	return d
}

func generateGraphSkills(rng *mrand.Rand, o GraphOptions, b *graph.BulkData) {
	for i := range o.Skills {
		b.Skills = append(b.Skills, graph.BulkSkill{Name: fmt.Sprintf("skill-%03d", i), Mastery: rng.Float64()})
		for k := range rng.IntN(3) {
			if j := i - 1 - k - rng.IntN(8); j >= 0 {
				b.Prerequisites = append(b.Prerequisites, graph.SkillEdge{From: b.Skills[j].Name, To: b.Skills[i].Name})
			}
		}
	}
	b.Prerequisites = slices.CompactFunc(b.Prerequisites, func(x, y graph.SkillEdge) bool { return x == y })
	for i, tt := range b.TaskTypes {
		for k := range 2 {
			b.SkillForTask = append(b.SkillForTask, graph.SkillEdge{From: b.Skills[(i*2+k)%len(b.Skills)].Name, To: tt})
		}
	}
}

func generateGraphExperiences(rng *mrand.Rand, o GraphOptions, d *graphDataset) {
	b := d.bulk
	byType := make([][]int, len(d.taskTypes))
	principles := map[string]int{}
	for i := range o.Experiences {
		t := rng.IntN(len(d.taskTypes))
		e := graph.BulkExperience{ID: evokg.NewID(), TaskType: d.taskTypes[t], Outcome: graphOutcome(rng),
			Quality: rng.Float64(), Confidence: rng.Float64(), Content: fmt.Sprintf("experience %d", i)}
		if e.Outcome == evokg.OutcomePrinciple {
			skill := b.Skills[rng.IntN(len(b.Skills))].Name
			if principles[skill] < evokg.DefaultMaxPrinciples {
				principles[skill]++
				e.Skill = skill
			}
		}
		e.Signature = graphMutate(rng, d.templates[t], b.Operations)
		for k := range 1 + rng.IntN(3) {
			e.Entities = append(e.Entities, b.Entities[(t*10+rng.IntN(20)+k)%len(b.Entities)].Name)
		}
		e.Entities = slices.Compact(slices.Sorted(slices.Values(e.Entities)))
		peers := byType[t]
		if len(peers) > 0 && rng.Float64() < 0.3 {
			e.DerivedFrom = []uuid.UUID{b.Experiences[peers[rng.IntN(len(peers))]].ID}
		}
		b.Structural = append(b.Structural, graphStructuralEdges(e, peers, b.Experiences)...)
		for range min(2, len(peers)) {
			b.Similar = append(b.Similar, graph.BulkEdge{From: e.ID, To: b.Experiences[peers[rng.IntN(len(peers))]].ID, Score: 0.86 + 0.13*rng.Float64()})
		}
		byType[t] = append(peers, i)
		b.Experiences = append(b.Experiences, e)
		d.ids = append(d.ids, e.ID)
	}
}

// graphStructuralEdges links e to its 10 most similar earlier peers (sim ≥ 0.6),
// as projection does with its default StructuralLinks.
func graphStructuralEdges(e graph.BulkExperience, peers []int, all []graph.BulkExperience) []graph.BulkEdge {
	var edges []graph.BulkEdge
	for _, p := range peers {
		if s := evokg.SignatureSimilarity(e.Signature, all[p].Signature); s >= evokg.DefaultStructuralThreshold {
			edges = append(edges, graph.BulkEdge{From: e.ID, To: all[p].ID, Score: s})
		}
	}
	sort.SliceStable(edges, func(i, j int) bool { return edges[i].Score > edges[j].Score })
	return edges[:min(len(edges), 10)]
}

func graphOutcome(rng *mrand.Rand) evokg.Outcome {
	switch x := rng.Float64(); {
	case x < 0.05:
		return evokg.OutcomePrinciple
	case x < 0.40:
		return evokg.OutcomeFailure
	case x < 0.80:
		return evokg.OutcomeSuccess
	case x < 0.90:
		return evokg.OutcomeRecipe
	default:
		return evokg.OutcomePattern
	}
}

// graphMutate copies a template, replacing or dropping each step with a small
// probability and sometimes appending one.
func graphMutate(rng *mrand.Rand, template, vocab []string) []string {
	var out []string
	for _, op := range template {
		switch x := rng.Float64(); {
		case x < 0.1:
			continue
		case x < 0.25:
			out = append(out, vocab[rng.IntN(len(vocab))])
		default:
			out = append(out, op)
		}
	}
	if rng.Float64() < 0.3 || len(out) == 0 {
		out = append(out, vocab[rng.IntN(len(vocab))])
	}
	return out
}

func graphSample(rng *mrand.Rand, from []string, n int) []string {
	idx := rng.Perm(len(from))[:n]
	out := make([]string, n)
	for i, j := range idx {
		out[i] = from[j]
	}
	return out
}

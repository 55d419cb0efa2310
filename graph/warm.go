package graph

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"

	"github.com/evokg/evokg"
)

// DefaultWarmRounds is how many times Warm runs the platform's queries in
// its throwaway namespace. A fresh Neo4j plans each query text once and
// compiles its runtime code as the JVM sees it run; thirty rounds remove the
// first runs' cost (README, Performance).
const DefaultWarmRounds = 30

// warmDataNamespaces is how many namespaces the reads on data cover;
// warmDataTaskTypes how many task types of each.
const (
	warmDataNamespaces = 3
	warmDataTaskTypes  = 5
)

// WarmOptions say how long Warm runs.
type WarmOptions struct {
	Rounds int           // of the synthetic batch and reads; default DefaultWarmRounds
	OnData time.Duration // of reads on data; 0 none
	// Namespaces are the namespaces the reads on data cover; by default
	// the three written to most recently.
	Namespaces []string
}

// warmTxTimeout bounds one warm-up transaction.
const warmTxTimeout = 5 * time.Minute

// warmBatch is the number of synthetic experiences projected per round.
const warmBatch = 8

// WarmReport says what Warm did.
type WarmReport struct {
	Namespace string `json:"namespace"`
	Rounds    int    `json:"rounds"`
	Queries   int    `json:"queries"`
	Nodes     int64  `json:"nodes"` // written by the projections, then purged
	Edges     int64  `json:"edges"`
	// The reads on data: the namespaces read, how many reads, how long.
	DataNamespaces []string      `json:"data_namespaces,omitempty"`
	DataReads      int           `json:"data_reads"`
	DataTook       time.Duration `json:"data_took"`
	Took           time.Duration `json:"took"`
}

// Warm runs the queries the platform serves — the projection write path and
// the traversals of retrieval, the curriculum and the API — in a throwaway
// namespace that it purges afterwards, then, for opts.OnData, the read
// queries alone on the namespaces written to most recently, so a freshly
// started Neo4j has its plans cached and its runtime compiled for real data
// before the first user arrives. Resolution runs by exact name (no
// embedder, no disambiguator): warming never calls a model.
func (g *Graph) Warm(ctx context.Context, opts WarmOptions) (WarmReport, error) {
	if opts.Rounds <= 0 {
		opts.Rounds = DefaultWarmRounds
	}
	start := time.Now()
	rep := WarmReport{Namespace: warmNamespace(), Rounds: opts.Rounds}
	err := g.warmRounds(ctx, &rep)
	if perr := g.PurgeNamespace(context.WithoutCancel(ctx), rep.Namespace); perr != nil && err == nil {
		err = perr
	}
	if err == nil && opts.OnData > 0 {
		err = g.warmOnData(ctx, opts, &rep)
	}
	rep.Took = time.Since(start)
	return rep, err
}

// warmRounds projects and reads rep.Rounds synthetic batches in
// rep.Namespace and counts what they wrote.
func (g *Graph) warmRounds(ctx context.Context, rep *WarmReport) error {
	// A cold server compiles every statement of the first projection inside
	// one transaction: allow it far longer than a user's transaction.
	cfg := g.cfg
	cfg.TxTimeout = max(cfg.TxTimeout, warmTxTimeout)
	w := &Graph{cfg: cfg, driver: g.driver, logger: g.logger, windows: newSignatureWindows()}
	var prev []uuid.UUID
	for r := range rep.Rounds {
		exps := warmExperiences(rep.Namespace, r, prev)
		if err := w.ProjectExperiences(ctx, exps, nil); err != nil {
			return fmt.Errorf("graph: warming the projection: %w", err)
		}
		prev = prev[:0]
		for _, e := range exps {
			prev = append(prev, e.ID)
		}
		n, err := w.warmReads(ctx, warmInputs{ns: rep.Namespace, seeds: prev, taskType: "warm", signature: warmSignature})
		if err != nil {
			return fmt.Errorf("graph: warming the traversals: %w", err)
		}
		rep.Queries += n + 1
	}
	var err error
	rep.Nodes, rep.Edges, err = g.CountNodesAndEdges(ctx, rep.Namespace)
	return err
}

// warmOnData runs the read queries on opts.Namespaces, or the namespaces
// written to most recently, with inputs taken from their data (task types,
// experiences and their signatures), until opts.OnData has passed. It
// writes nothing.
func (g *Graph) warmOnData(ctx context.Context, opts WarmOptions, rep *WarmReport) error {
	start := time.Now()
	defer func() { rep.DataTook = time.Since(start) }()
	namespaces := opts.Namespaces
	if len(namespaces) == 0 {
		var err error
		if namespaces, err = g.recentNamespaces(ctx, warmDataNamespaces); err != nil {
			return fmt.Errorf("graph: listing namespaces to warm on: %w", err)
		}
	}
	var inputs []warmInputs
	for _, ns := range namespaces {
		in, err := g.warmInputsOf(ctx, ns)
		if err != nil {
			return fmt.Errorf("graph: reading warm-up inputs of %s: %w", ns, err)
		}
		if len(in) > 0 {
			rep.DataNamespaces = append(rep.DataNamespaces, ns)
			inputs = append(inputs, in...)
		}
	}
	for len(inputs) > 0 && time.Since(start) < opts.OnData {
		for _, in := range inputs {
			n, err := g.warmReads(ctx, in)
			if err != nil {
				return fmt.Errorf("graph: warming the traversals on %s: %w", in.ns, err)
			}
			rep.DataReads += n
		}
	}
	return ctx.Err()
}

// recentNamespaces are the n namespaces whose experiences were written
// most recently, newest first.
func (g *Graph) recentNamespaces(ctx context.Context, n int) ([]string, error) {
	return readTx(ctx, g, "warm namespaces", func(ctx context.Context, tx neo4j.ManagedTransaction) ([]string, error) {
		res, err := tx.Run(ctx, serverQueries.Get("warm_namespaces"), map[string]any{"limit": n})
		if err != nil {
			return nil, err
		}
		recs, err := res.Collect(ctx)
		out := make([]string, len(recs))
		for i, rec := range recs {
			out[i] = rowOf(rec).str("namespace")
		}
		return out, err
	})
}

// warmInputsOf takes one set of read inputs per task type of ns (the first
// few): its newest experiences as seeds and the first one's signature.
func (g *Graph) warmInputsOf(ctx context.Context, ns string) ([]warmInputs, error) {
	types, err := g.ListTaskTypes(ctx, ns)
	if err != nil {
		return nil, err
	}
	var out []warmInputs
	for _, tt := range types[:min(len(types), warmDataTaskTypes)] {
		exps, err := g.ListExperiences(ctx, ns, tt.Name, "", 3)
		if err != nil {
			return nil, err
		}
		if len(exps) == 0 {
			continue
		}
		in := warmInputs{ns: ns, taskType: tt.Name, signature: exps[0].Signature}
		for _, e := range exps {
			in.seeds = append(in.seeds, e.ID)
		}
		out = append(out, in)
	}
	return out, nil
}

// warmInputs are what the read queries of one warm-up round take.
type warmInputs struct {
	ns        string
	seeds     []uuid.UUID // experiences of the namespace
	taskType  string
	signature []string
}

// warmReads runs each read query once and returns how many it ran.
func (g *Graph) warmReads(ctx context.Context, in warmInputs) (int, error) {
	ns, seeds, sig := in.ns, in.seeds, in.signature
	reads := []func() error{
		func() error { _, err := g.Frontier(ctx, ns, 0); return err },
		func() error { _, err := g.Cascade(ctx, ns, in.taskType); return err },
		func() error { _, err := g.Neighbors(ctx, ns, seeds, 2); return err },
		func() error { _, err := g.Neighbors(ctx, ns, seeds, 1); return err },
		func() error { _, err := g.Transitions(ctx, ns, 100); return err },
		func() error {
			_, err := g.SignatureMatches(ctx, ns, in.taskType, sig, g.cfg.StructuralThreshold, 10)
			return err
		},
		func() error {
			_, err := g.SignatureMatches(ctx, ns, "", sig, g.cfg.StructuralThreshold, 10)
			return err
		},
		func() error { _, err := g.MemoryCounts(ctx, ns); return err },
		func() error { _, err := g.ListSkills(ctx, ns); return err },
		func() error { _, err := g.ListTaskTypes(ctx, ns); return err },
		func() error { _, err := g.TaskTypeSkills(ctx, ns, in.taskType); return err },
		func() error { _, err := g.SkillEdges(ctx, ns); return err },
		func() error { _, err := g.ListExperiences(ctx, ns, in.taskType, "", 10); return err },
		func() error { _, err := g.GetExperience(ctx, ns, seeds[0]); return err },
	}
	for _, read := range reads {
		if err := read(); err != nil {
			return 0, err
		}
	}
	return len(reads), nil
}

var warmSignature = []string{"parse", "lookup", "combine", "answer"}

// warmExperiences is one round's batch: the shapes ingest projects (a
// signature, entities, a DERIVED_FROM parent from the previous round).
func warmExperiences(ns string, round int, parents []uuid.UUID) []*evokg.Experience {
	outcomes := []evokg.Outcome{evokg.OutcomeSuccess, evokg.OutcomeFailure, evokg.OutcomePrinciple}
	out := make([]*evokg.Experience, warmBatch)
	for i := range out {
		e := &evokg.Experience{ID: uuid.New(), Namespace: ns}
		e.TaskType = "warm"
		e.Outcome = outcomes[i%len(outcomes)]
		e.Question = fmt.Sprintf("warm-up question %d.%d", round, i)
		e.Signature = warmSignature[:2+i%3]
		e.Entities = []evokg.Entity{{Name: fmt.Sprintf("warm entity %d", i%4)}}
		if len(parents) > 0 {
			e.DerivedFrom = []uuid.UUID{parents[i%len(parents)]}
		}
		out[i] = e
	}
	return out
}

func warmNamespace() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "evokg-warmup-" + hex.EncodeToString(b)
}

package graph

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// DefaultWarmRounds is how many times Warm runs the platform's queries. A
// fresh Neo4j plans each query text once and compiles its runtime code as
// the JVM sees it run; thirty rounds bring the first user's latencies within
// about 1.5× of a warm server (README, Performance).
const DefaultWarmRounds = 30

// warmTxTimeout bounds one warm-up transaction.
const warmTxTimeout = 5 * time.Minute

// warmBatch is the number of synthetic experiences projected per round.
const warmBatch = 8

// WarmReport says what Warm did.
type WarmReport struct {
	Namespace string        `json:"namespace"`
	Rounds    int           `json:"rounds"`
	Queries   int           `json:"queries"`
	Nodes     int64         `json:"nodes"` // written by the projections, then purged
	Edges     int64         `json:"edges"`
	Took      time.Duration `json:"took"`
}

// Warm runs the queries the platform serves — the projection write path and
// the traversals of retrieval, the curriculum and the API — in a throwaway
// namespace that it purges afterwards, so a freshly started Neo4j has its
// plans cached and its runtime compiled before the first user arrives.
// Resolution runs by exact name (no embedder, no disambiguator): warming
// never calls a model.
func (g *Graph) Warm(ctx context.Context, rounds int) (rep WarmReport, err error) {
	if rounds <= 0 {
		rounds = DefaultWarmRounds
	}
	start := time.Now()
	// A cold server compiles every statement of the first projection inside
	// one transaction: allow it far longer than a user's transaction.
	cfg := g.cfg
	cfg.TxTimeout = max(cfg.TxTimeout, warmTxTimeout)
	w := &Graph{cfg: cfg, driver: g.driver, logger: g.logger, windows: newSignatureWindows()}
	rep = WarmReport{Namespace: warmNamespace(), Rounds: rounds}
	defer func() {
		if perr := g.PurgeNamespace(context.WithoutCancel(ctx), rep.Namespace); perr != nil && err == nil {
			err = perr
		}
		rep.Took = time.Since(start)
	}()
	var prev []uuid.UUID
	for r := range rounds {
		exps := warmExperiences(rep.Namespace, r, prev)
		if err := w.ProjectExperiences(ctx, exps, nil); err != nil {
			return rep, fmt.Errorf("graph: warming the projection: %w", err)
		}
		prev = prev[:0]
		for _, e := range exps {
			prev = append(prev, e.ID)
		}
		n, err := w.warmReads(ctx, rep.Namespace, prev)
		if err != nil {
			return rep, fmt.Errorf("graph: warming the traversals: %w", err)
		}
		rep.Queries += n + 1
	}
	rep.Nodes, rep.Edges, err = g.CountNodesAndEdges(ctx, rep.Namespace)
	return rep, err
}

// warmReads runs each read query once and returns how many it ran.
func (g *Graph) warmReads(ctx context.Context, ns string, seeds []uuid.UUID) (int, error) {
	sig := warmSignature
	reads := []func() error{
		func() error { _, err := g.Frontier(ctx, ns, 0); return err },
		func() error { _, err := g.Cascade(ctx, ns, "warm"); return err },
		func() error { _, err := g.Neighbors(ctx, ns, seeds, 2); return err },
		func() error { _, err := g.Neighbors(ctx, ns, seeds, 1); return err },
		func() error { _, err := g.Transitions(ctx, ns, 100); return err },
		func() error {
			_, err := g.SignatureMatches(ctx, ns, "warm", sig, g.cfg.StructuralThreshold, 10)
			return err
		},
		func() error {
			_, err := g.SignatureMatches(ctx, ns, "", sig, g.cfg.StructuralThreshold, 10)
			return err
		},
		func() error { _, err := g.MemoryCounts(ctx, ns); return err },
		func() error { _, err := g.ListSkills(ctx, ns); return err },
		func() error { _, err := g.ListTaskTypes(ctx, ns); return err },
		func() error { _, err := g.TaskTypeSkills(ctx, ns, "warm"); return err },
		func() error { _, err := g.SkillEdges(ctx, ns); return err },
		func() error { _, err := g.ListExperiences(ctx, ns, "warm", "", 10); return err },
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

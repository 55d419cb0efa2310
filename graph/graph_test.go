package graph_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
)

type bundle struct {
	ctx context.Context
	g   *graph.Graph
	ns  string
}

var (
	schemaOnce sync.Once
	schemaErr  error
)

func testConfig() graph.Config {
	return graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}
}

// setup opens a Graph on the test Neo4j with the schema applied and a fresh
// namespace purged at cleanup.
func setup(t *testing.T, mods ...func(*graph.Config)) bundle {
	t.Helper()
	testenv.Neo4j(t) // registers the driver testenv purges namespaces with
	ctx := t.Context()
	cfg := testConfig()
	for _, m := range mods {
		m(&cfg)
	}
	g, err := graph.Open(ctx, cfg, testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(context.Background()) })
	schemaOnce.Do(func() { schemaErr = g.ApplySchema(ctx) })
	require.NoError(t, schemaErr)
	return bundle{ctx: ctx, g: g, ns: testenv.Namespace(t)}
}

// bowEmbedder is the tests' embedding model (the fake model server's
// hashed bag of words): cosines are functions of shared words.
type bowEmbedder = memtest.BagOfWords

const bowDim = 512

// pickDisambiguator records its calls and picks a fixed candidate.
type pickDisambiguator struct {
	mu         sync.Mutex
	choice     string
	known      bool
	candidates [][]string
}

func (d *pickDisambiguator) Disambiguate(_ context.Context, _, _ string, candidates []string) (string, bool, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.candidates = append(d.candidates, candidates)
	return d.choice, d.known, nil
}

// expOpts configures newExperience.
type expOpts struct {
	TaskType    string
	Outcome     evokg.Outcome
	Signature   []string
	Entities    []string
	DerivedFrom []uuid.UUID
	Supersedes  *uuid.UUID
	Confidence  float64
	Content     string
	Skill       string
}

func newExperience(ns string, o expOpts) *evokg.Experience {
	if o.TaskType == "" {
		o.TaskType = "arithmetic"
	}
	if o.Outcome == "" {
		o.Outcome = evokg.OutcomeSuccess
	}
	if o.Content == "" {
		o.Content = "content of a " + string(o.Outcome)
	}
	exp := &evokg.Experience{
		ID:        evokg.NewID(),
		Namespace: ns,
		Version:   1,
		CreatedAt: evokg.Now(),
		ExperienceFields: evokg.ExperienceFields{
			TaskType:    o.TaskType,
			Outcome:     o.Outcome,
			Skill:       o.Skill,
			Question:    "what is 2+2?",
			Answer:      "4",
			Content:     o.Content,
			Signature:   o.Signature,
			DerivedFrom: o.DerivedFrom,
			Supersedes:  o.Supersedes,
			Confidence:  o.Confidence,
		},
	}
	for _, e := range o.Entities {
		exp.Entities = append(exp.Entities, evokg.Entity{Name: e, Type: "thing"})
	}
	if o.Outcome == evokg.OutcomeFailure {
		exp.FailureKind = evokg.FailureSpecific
	}
	return exp
}

func (b bundle) project(t *testing.T, o expOpts) *evokg.Experience {
	t.Helper()
	exp := newExperience(b.ns, o)
	require.NoError(t, b.g.ProjectExperience(b.ctx, exp, nil))
	return exp
}

func requireCode(t *testing.T, err error, code string, msg ...string) {
	t.Helper()
	require.Error(t, err, msg)
	require.Equal(t, code, evokg.ErrorCode(err), "error: %v %v", err, msg)
}

func TestOpenReportsUnreachableAndBadCredentials(t *testing.T) {
	t.Parallel()
	ctx := t.Context()

	_, err := graph.Open(ctx, graph.Config{URI: "neo4j://127.0.0.1:1", Password: "x"}, testenv.Logger(t))
	requireCode(t, err, evokg.EUNAVAILABLE)
	require.Contains(t, err.Error(), "neo4j at neo4j://127.0.0.1:1: unreachable")

	// A user that does not exist: failed logins lock the named user for a
	// while, so never use the real one here.
	cfg := testConfig()
	cfg.User, cfg.Password = "evokg-test-nobody", "wrong"
	_, err = graph.Open(ctx, cfg, testenv.Logger(t))
	requireCode(t, err, evokg.EUNAVAILABLE)
	require.Contains(t, err.Error(), "authentication failed")
}

func TestConfigDefaultsAndValidation(t *testing.T) {
	t.Parallel()
	c := graph.Config{}.WithDefaults()
	require.Equal(t, "neo4j://127.0.0.1:7687", c.URI)
	require.Equal(t, "neo4j", c.User)
	require.Equal(t, "neo4j", c.Database)
	require.Equal(t, 30, c.MaxSkills)
	require.Equal(t, 12, c.MaxPrinciples)
	require.InDelta(t, 0.5, c.MasteryTheta, 1e-12)
	require.InDelta(t, 0.9, c.ResolveThreshold, 1e-12)

	_, err := graph.Open(t.Context(), graph.Config{ResolveThreshold: 1.5}, testenv.Logger(t))
	requireCode(t, err, evokg.EINVALID)
}

func TestApplySchemaIsIdempotentAndRecordsVersion(t *testing.T) {
	t.Parallel()
	b := setup(t)
	require.NoError(t, b.g.ApplySchema(b.ctx))
	require.NoError(t, b.g.ApplySchema(b.ctx))
	v, err := b.g.AppliedSchemaVersion(b.ctx)
	require.NoError(t, err)
	require.Equal(t, graph.SchemaVersion(), v)
	require.GreaterOrEqual(t, v, 20)
}

// TestReadLatencyFollowsTheReads checks that the graph's read transactions
// are what ReadLatencyP95 reports.
func TestReadLatencyFollowsTheReads(t *testing.T) {
	b := setup(t)
	_, n := b.g.ReadLatencyP95(time.Minute)
	require.Zero(t, n, "a fresh Graph has run no read")
	for range 12 {
		_, err := b.g.Frontier(b.ctx, b.ns, 0.5)
		require.NoError(t, err)
	}
	p95, n := b.g.ReadLatencyP95(time.Minute)
	require.Equal(t, 12, n)
	require.Positive(t, p95)
	require.Less(t, p95, time.Minute)
}

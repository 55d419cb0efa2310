package ingest_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/riverqueue/river"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/memtest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

type workBundle struct {
	ctx   context.Context
	ns    string
	pool  *pgxpool.Pool
	svc   *ingest.Service
	store *vector.Store
	proxy *tcpProxy
	graph *graph.Graph
	cfg   workers.Config
	deps  ingest.WorkerDeps
}

type workOpts struct {
	maxAttempts int
	evaluator   ingest.Evaluator
	linger      time.Duration // the projection's linger; 0: the default
	embedder    evokg.Embedder
}

// setupWork builds a namespace with its own River queues (so parallel tests do
// not work each other's jobs) and a graph reached through a TCP proxy that
// the test can take down.
func setupWork(t *testing.T, opts workOpts) *workBundle {
	t.Helper()
	ctx := context.Background()
	pool := testenv.Postgres(t)
	testenv.Neo4j(t)
	ns := testenv.Namespace(t)
	if opts.embedder == nil {
		opts.embedder = &memtest.BagOfWords{Dim: dim}
	}
	evalQ, projQ := strings.ReplaceAll(ns, "-", "_")+"_eval", strings.ReplaceAll(ns, "-", "_")+"_proj"
	cfg := workers.Config{
		Queues:      map[string]river.QueueConfig{evalQ: {MaxWorkers: 4}, projQ: {MaxWorkers: 8}},
		MaxAttempts: opts.maxAttempts, RetryBase: 50 * time.Millisecond, RetryMax: 500 * time.Millisecond,
		JobTimeout: 20 * time.Second, RescueStuckJobsAfter: 25 * time.Second,
		FetchPollInterval: 50 * time.Millisecond, FetchCooldown: 5 * time.Millisecond,
	}
	queue, err := workers.NewInsertClient(pool, cfg, testenv.Logger(t))
	require.NoError(t, err)
	store := vector.NewStore(pool, dim)
	svc := ingest.NewService(ingest.Config{EvaluateQueue: evalQ, ProjectQueue: projQ, ProjectLinger: opts.linger}, pool, queue, opts.embedder, store, testenv.Logger(t))

	u, err := url.Parse(testenv.Neo4jURI())
	require.NoError(t, err)
	proxy := startProxy(t, u.Host)
	g, err := graph.Open(ctx, graph.Config{URI: "bolt://" + proxy.Addr(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, testenv.Logger(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))

	deps := ingest.WorkerDeps{Projector: ingest.GraphProjector(g), Neighbors: ingest.VectorNeighbors(store), Evaluator: opts.evaluator,
		Forgetter: g}
	return &workBundle{ctx: ctx, ns: ns, pool: pool, svc: svc, store: store, proxy: proxy, graph: g, cfg: cfg, deps: deps}
}

// start runs a fresh worker client until the test ends.
func (b *workBundle) start(t *testing.T) *river.Client[pgx.Tx] {
	t.Helper()
	jobs, err := b.svc.Workers(b.deps)
	require.NoError(t, err)
	client, err := workers.NewClient(b.pool, b.cfg, testenv.Logger(t), jobs)
	require.NoError(t, err)
	require.NoError(t, client.Start(b.ctx))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = client.StopAndCancel(ctx)
	})
	return client
}

func experience(i int) evokg.ExperienceInput {
	topics := []string{"fractions", "percent", "geometry", "ratios", "dates"}
	topic := topics[i%len(topics)]
	return evokg.ExperienceInput{
		ExperienceFields: evokg.ExperienceFields{
			TaskType:   "math_" + topic,
			Outcome:    evokg.OutcomeSuccess,
			Question:   fmt.Sprintf("question %d about %s and numbers", i, topic),
			Answer:     fmt.Sprint(i),
			Evaluation: &evokg.Evaluation{Correct: 1, Efficient: 0.8, Complete: 1},
			Signature:  []string{"parse_" + topic, "compute", "verify"},
			Entities:   []evokg.Entity{{Name: topic, Type: "topic"}},
		},
	}
}

// ingestN ingests n pre-evaluated experiences in batches of 100.
func (b *workBundle) ingestN(t *testing.T, from, n int) {
	t.Helper()
	for start := from; start < from+n; start += 100 {
		var reqs []evokg.ExperienceInput
		for i := start; i < min(start+100, from+n); i++ {
			reqs = append(reqs, experience(i))
		}
		_, err := b.svc.IngestBatch(b.ctx, b.ns, reqs, "")
		require.NoError(t, err)
	}
}

func (b *workBundle) countStatus(t *testing.T, status evokg.IngestStatus) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(b.ctx,
		`SELECT count(*) FROM experiences WHERE namespace = $1 AND status = $2`, b.ns, string(status)).Scan(&n))
	return n
}

func (b *workBundle) waitCommitted(t *testing.T, n int, within time.Duration) {
	t.Helper()
	require.Eventually(t, func() bool { return b.countStatus(t, evokg.StatusCommitted) == n },
		within, 100*time.Millisecond, "waiting for %d committed experiences", n)
}

// graphCounts returns the Experience nodes of the namespace, all its nodes
// and all relationships between them, read straight from Neo4j.
func graphCounts(t *testing.T, ns string) (experiences, nodes, edges int64) {
	t.Helper()
	ctx := context.Background()
	d := testenv.Neo4j(t)
	one := func(q string) int64 {
		res, err := neo4j.ExecuteQuery(ctx, d, q, map[string]any{"ns": ns}, neo4j.EagerResultTransformer)
		require.NoError(t, err)
		return res.Records[0].Values[0].(int64)
	}
	return one(`MATCH (e:Experience {namespace: $ns}) RETURN count(e)`),
		one(`MATCH (n {namespace: $ns}) RETURN count(n)`),
		one(`MATCH (a {namespace: $ns})-[r]->(b {namespace: $ns}) RETURN count(r)`)
}

// jobStates counts the jobs of one kind of the namespace by state.
func jobStates(t *testing.T, b *workBundle, kind string) map[string]int {
	t.Helper()
	return stateCounts(t, b, `SELECT state::text, count(*) FROM river_job
		WHERE kind = $1 AND args->>'namespace' = $2 GROUP BY state`, kind)
}

// carriedStates counts the experiences the namespace's projection jobs
// carry by the job's state, each once per job that carries it.
func carriedStates(t *testing.T, b *workBundle) map[string]int {
	t.Helper()
	return stateCounts(t, b, `SELECT j.state::text, count(*)
		FROM river_job j, jsonb_array_elements(j.args->'experience_ids') e
		WHERE j.kind = $1 AND j.args->>'namespace' = $2 GROUP BY j.state`, projectKind)
}

// stateCounts runs a (state, count) query of the namespace's jobs of kind.
func stateCounts(t *testing.T, b *workBundle, sql, kind string) map[string]int {
	t.Helper()
	rows, err := b.pool.Query(b.ctx, sql, kind, b.ns)
	require.NoError(t, err)
	out := map[string]int{}
	for rows.Next() {
		var s string
		var n int
		require.NoError(t, rows.Scan(&s, &n))
		out[s] = n
	}
	require.NoError(t, rows.Err())
	return out
}

var projectKind = ingest.ProjectArgs{}.Kind()

// requireExactlyOnce checks both stores hold each of the n experiences once.
func requireExactlyOnce(t *testing.T, b *workBundle, n int) {
	t.Helper()
	var rows, distinct int
	require.NoError(t, b.pool.QueryRow(b.ctx,
		`SELECT count(*), count(DISTINCT record->>'question') FROM experiences WHERE namespace = $1`, b.ns).Scan(&rows, &distinct))
	require.Equal(t, n, rows)
	require.Equal(t, n, distinct)
	require.Equal(t, n, b.countStatus(t, evokg.StatusCommitted))
	exps, _, _ := graphCounts(t, b.ns)
	require.Equal(t, int64(n), exps)
	require.Eventually(t, func() bool { return carriedStates(t, b)["completed"] == n }, 30*time.Second, 50*time.Millisecond)
	require.Equal(t, map[string]int{"completed": n}, carriedStates(t, b), "each experience in one completed projection job")
}

func TestProjectionCommitsIntoTheGraph(t *testing.T) {
	t.Parallel()
	b := setupWork(t, workOpts{})
	b.start(t)
	first, err := b.svc.Ingest(b.ctx, b.ns, experience(1), "")
	require.NoError(t, err)
	b.waitCommitted(t, 1, 30*time.Second)
	twin := experience(1)
	twin.Answer = "the same question, answered again"
	second, err := b.svc.Ingest(b.ctx, b.ns, twin, "")
	require.NoError(t, err)
	b.waitCommitted(t, 2, 30*time.Second)

	rec, err := b.svc.Get(b.ctx, b.ns, second.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.StatusCommitted, rec.Status)
	require.NotNil(t, rec.ProjectedAt)
	require.Empty(t, rec.StatusReason)

	exps, _, _ := graphCounts(t, b.ns)
	require.Equal(t, int64(2), exps)
	res, err := neo4j.ExecuteQuery(b.ctx, testenv.Neo4j(t),
		`MATCH (a:Experience {namespace: $ns, id: $a})-[r:SIMILAR_TO]-(b:Experience {namespace: $ns, id: $b}) RETURN count(r)`,
		map[string]any{"ns": b.ns, "a": first.ID.String(), "b": second.ID.String()}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	require.Positive(t, res.Records[0].Values[0].(int64), "identical questions are SIMILAR_TO each other")
	require.Eventually(t, func() bool { return jobStates(t, b, projectKind)["completed"] == 2 }, 10*time.Second, 20*time.Millisecond,
		"River records job completion asynchronously")
	require.Equal(t, map[string]int{"completed": 2}, jobStates(t, b, projectKind))
}

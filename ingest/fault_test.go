package ingest_test

import (
	"context"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
)

// Issue 5 item 5: Neo4j goes away while 500 experiences are ingested and
// comes back; every experience ends committed exactly once in both stores.
func TestNeo4jOutageLosesAndDuplicatesNothing(t *testing.T) {
	t.Parallel()
	const n = 500
	b := setupWork(t, workOpts{})
	b.start(t)

	b.ingestN(t, 0, 100)
	require.Eventually(t, func() bool { return b.countStatus(t, evokg.StatusCommitted) >= 10 },
		time.Minute, 10*time.Millisecond, "the graph is down while experiences are being projected")
	b.proxy.setDown(true)
	b.ingestN(t, 100, n-100) // ingest keeps accepting while the graph is down
	require.Eventually(t, func() bool {
		return b.countStatus(t, evokg.StatusQueued) > 0 && b.countStatus(t, evokg.StatusFailed) == 0
	}, 30*time.Second, 50*time.Millisecond, "experiences wait in Postgres during the outage")
	outage := b.countStatus(t, evokg.StatusCommitted)
	t.Logf("committed before/while the outage: %d of %d", outage, n)
	require.Less(t, outage, n)

	b.proxy.setDown(false)
	b.waitCommitted(t, n, 2*time.Minute)
	requireExactlyOnce(t, b, n)
}

// Issue 5 item 5: a worker process dies mid-job (its jobs are cancelled
// hard); a new worker finishes the work, once.
func TestKilledWorkerLosesAndDuplicatesNothing(t *testing.T) {
	t.Parallel()
	const n = 500
	b := setupWork(t, workOpts{})
	b.ingestN(t, 0, n)

	first := b.start(t)
	require.Eventually(t, func() bool { return b.countStatus(t, evokg.StatusCommitted) >= 20 },
		time.Minute, 10*time.Millisecond)
	stopCtx, cancel := context.WithTimeout(b.ctx, 10*time.Second)
	defer cancel()
	require.NoError(t, first.StopAndCancel(stopCtx))
	killedAt := b.countStatus(t, evokg.StatusCommitted)
	t.Logf("committed when the worker was killed: %d of %d", killedAt, n)
	require.Less(t, killedAt, n, "the worker must die mid-way")

	b.start(t)
	b.waitCommitted(t, n, 2*time.Minute)
	requireExactlyOnce(t, b, n)
}

// `evokg graph rebuild`: re-projecting a namespace from Postgres into an
// emptied graph yields the same node and edge counts.
func TestRebuildGraphRestoresTheSameCounts(t *testing.T) {
	t.Parallel()
	const n = 60
	b := setupWork(t, workOpts{})
	b.start(t)
	b.ingestN(t, 0, n)
	b.waitCommitted(t, n, time.Minute)
	exps, nodes, edges := graphCounts(t, b.ns)
	require.Equal(t, int64(n), exps)
	require.Positive(t, edges)

	n1, e1, err := b.graph.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.NoError(t, b.graph.PurgeNamespace(b.ctx, b.ns))
	_, emptied, _ := graphCounts(t, b.ns)
	require.Zero(t, emptied)

	var progress testWriter
	got, err := ingest.RebuildGraph(b.ctx, b.pool, ingest.GraphProjector(b.graph), b.ns, &progress)
	require.NoError(t, err)
	require.Equal(t, n, got)
	exps2, nodes2, edges2 := graphCounts(t, b.ns)
	require.Equal(t, []int64{exps, nodes, edges}, []int64{exps2, nodes2, edges2})
	n2, e2, err := b.graph.CountNodesAndEdges(b.ctx, b.ns)
	require.NoError(t, err)
	require.Equal(t, []int64{n1, e1}, []int64{n2, e2})
	require.Contains(t, string(progress), "rebuilt 60 experiences")

	// Rebuilding an intact graph changes nothing either.
	_, err = ingest.RebuildGraph(b.ctx, b.pool, ingest.GraphProjector(b.graph), b.ns, nil)
	require.NoError(t, err)
	exps3, nodes3, edges3 := graphCounts(t, b.ns)
	require.Equal(t, []int64{exps, nodes, edges}, []int64{exps3, nodes3, edges3})
}

type testWriter []byte

func (w *testWriter) Write(p []byte) (int, error) { *w = append(*w, p...); return len(p), nil }

// Issue 5 item 5: the model server fails; the experience waits (its reason
// visible) and retries, then is evaluated, gated and committed once the
// server is back.
func TestModelServerOutageIsRetried(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{})
	models := newModels(t, fake.Start(t))
	fake.InjectFault(ollamafake.Fault{Path: "/api/chat", Status: http.StatusInternalServerError, Times: 3})
	b := setupWork(t, workOpts{evaluator: ingest.TeacherEvaluator(models.Teacher()), embedder: models.Embedder()})
	b.start(t)

	req := experience(7)
	req.Evaluation, req.Outcome, req.Signature = nil, "", nil
	res, err := b.svc.Ingest(b.ctx, b.ns, req, "")
	require.NoError(t, err)
	require.Equal(t, evokg.StatusEvaluating, res.Status)

	require.Eventually(t, func() bool {
		rec, err := b.svc.Get(b.ctx, b.ns, res.ID)
		require.NoError(t, err)
		return rec.Status == evokg.StatusEvaluating && rec.StatusReason != ""
	}, 30*time.Second, 20*time.Millisecond, "the failing attempt is visible on the experience")
	b.waitCommitted(t, 1, time.Minute)
	require.Equal(t, 4, attempts(t, b), "three failed attempts, then success")
	rec, err := b.svc.Get(b.ctx, b.ns, res.ID)
	require.NoError(t, err)
	require.NotNil(t, rec.Evaluation)
	require.Contains(t, []evokg.Outcome{evokg.OutcomeSuccess, evokg.OutcomeFailure}, rec.Outcome)
	require.Equal(t, rec.Evaluation.Q >= evokg.QualityGate, rec.Outcome == evokg.OutcomeSuccess, "the quality gate decides the class")
	require.NotEmpty(t, rec.Signature)
	require.Equal(t, 1, fake.CountTask("extract_signature"), "the signature is asked once")
	require.Empty(t, rec.StatusReason)
	exps, _, _ := graphCounts(t, b.ns)
	require.Equal(t, int64(1), exps)
}

// A job that keeps failing ends with the experience failed and its reason,
// never dropped silently.
func TestExhaustedRetriesMarkTheExperienceFailed(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{})
	models := newModels(t, fake.Start(t))
	fake.InjectFault(ollamafake.Fault{Path: "/api/chat", Status: http.StatusServiceUnavailable})
	b := setupWork(t, workOpts{maxAttempts: 2, evaluator: ingest.TeacherEvaluator(models.Teacher()), embedder: models.Embedder()})
	b.start(t)

	req := experience(3)
	req.Evaluation, req.Outcome = nil, ""
	res, err := b.svc.Ingest(b.ctx, b.ns, req, "")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return b.countStatus(t, evokg.StatusFailed) == 1 }, time.Minute, 20*time.Millisecond)
	rec, err := b.svc.Get(b.ctx, b.ns, res.ID)
	require.NoError(t, err)
	require.Contains(t, rec.StatusReason, "evaluation failed after 2 attempt(s)")
	require.Eventually(t, func() bool { return jobStates(t, b, ingest.EvaluateArgs{}.Kind())["cancelled"] == 1 }, 10*time.Second, 20*time.Millisecond,
		"River stops retrying the job")
}

func newModels(t *testing.T, baseURL string) *llm.Models {
	t.Helper()
	m, err := llm.New(llm.Config{BaseURL: baseURL}, &http.Client{Timeout: 10 * time.Second}, nil, testenv.Logger(t))
	require.NoError(t, err)
	return m
}

func attempts(t *testing.T, b *workBundle) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(b.ctx,
		`SELECT coalesce(max(attempt), 0) FROM river_job WHERE args->>'namespace' = $1 AND kind = $2`,
		b.ns, ingest.EvaluateArgs{}.Kind()).Scan(&n))
	return n
}

// The model server stops while 500 pre-evaluated experiences are ingested
// and comes back: every write is accepted, waits in status embedding with
// the failed attempt as its reason, and ends committed exactly once in both
// stores.
func TestModelServerOutageDelaysWritesAndLosesNone(t *testing.T) {
	t.Parallel()
	const n = 500
	model := startModelServer(t)
	b := setupWork(t, workOpts{embedder: newModels(t, model.url()).Embedder()})
	b.start(t)

	b.ingestN(t, 0, 100)
	require.Eventually(t, func() bool { return b.countStatus(t, evokg.StatusCommitted) >= 10 },
		time.Minute, 10*time.Millisecond)
	model.stop(t)
	b.ingestN(t, 100, n-100) // accepted with no model server
	require.Eventually(t, func() bool { return waitingWithReason(t, b) > 0 }, 30*time.Second, 50*time.Millisecond,
		"writes wait for the model, with the failed attempt as their reason")
	require.Zero(t, b.countStatus(t, evokg.StatusFailed))
	t.Logf("committed when the model server came back: %d of %d", b.countStatus(t, evokg.StatusCommitted), n)

	model.start(t)
	b.waitCommitted(t, n, 2*time.Minute)
	requireExactlyOnce(t, b, n)
}

func waitingWithReason(t *testing.T, b *workBundle) int {
	t.Helper()
	var n int
	require.NoError(t, b.pool.QueryRow(b.ctx, `SELECT count(*) FROM experiences
		WHERE namespace = $1 AND status = 'embedding' AND status_reason LIKE 'embedding attempt %'`, b.ns).Scan(&n))
	return n
}

// modelServer is the fake Ollama API on a fixed address that a test can
// stop (connections refused) and start again.
type modelServer struct {
	fake   *ollamafake.Server
	addr   string
	cancel context.CancelFunc
	done   chan error
}

func startModelServer(t *testing.T) *modelServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	m := &modelServer{fake: ollamafake.New(ollamafake.Options{Logger: testenv.Logger(t)}), addr: ln.Addr().String()}
	require.NoError(t, ln.Close())
	m.start(t)
	t.Cleanup(func() {
		if m.cancel != nil {
			m.stop(t)
		}
	})
	return m
}

func (m *modelServer) url() string { return "http://" + m.addr }

func (m *modelServer) start(t *testing.T) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	m.cancel, m.done = cancel, make(chan error, 1)
	go func() { m.done <- m.fake.ListenAndServe(ctx, m.addr) }()
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", m.addr)
		if err == nil {
			_ = c.Close()
		}
		return err == nil
	}, 10*time.Second, 10*time.Millisecond, "the model server listens")
}

func (m *modelServer) stop(t *testing.T) {
	t.Helper()
	m.cancel()
	m.cancel = nil
	require.NoError(t, <-m.done)
}

// The per-experience model-call budget reaches the evaluation: with one
// call allowed, grading spends it and the signature call is refused, for
// good (a spent budget is never retried).
func TestEvaluationHonoursTheExperienceBudget(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{})
	models := newModels(t, fake.Start(t))
	b := setupWork(t, workOpts{evaluator: ingest.TeacherEvaluator(models.Teacher()), embedder: models.Embedder()})
	b.deps.ExperienceBudget = func(id string) *llm.Budget { return llm.NewBudget("experience "+id, 1) }
	b.start(t)

	req := experience(5)
	req.Evaluation, req.Outcome, req.Signature = nil, "", nil
	res, err := b.svc.Ingest(b.ctx, b.ns, req, "")
	require.NoError(t, err)
	require.Eventually(t, func() bool { return b.countStatus(t, evokg.StatusFailed) == 1 }, time.Minute, 20*time.Millisecond)
	rec, err := b.svc.Get(b.ctx, b.ns, res.ID)
	require.NoError(t, err)
	require.Contains(t, rec.StatusReason, "after 1 attempt(s)")
	require.Contains(t, rec.StatusReason, "budget")
	require.Equal(t, 0, fake.CountTask("extract_signature"), "the call over budget never reached the model")
}

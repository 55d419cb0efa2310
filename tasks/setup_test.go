package tasks

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/vector"
	"github.com/evokg/evokg/workers"
)

// bundle is one test's engine on real Postgres and Neo4j with the fake
// model server playing the learner model.
type bundle struct {
	ctx    context.Context
	ns     string
	pg     *pgxpool.Pool
	engine *Engine
	memory *ingest.Service
	graph  *graph.Graph
	fake   *ollamafake.Server
}

// setup builds a bundle on pg; learner scripts the generate_attempt replies.
func setup(t *testing.T, pg *pgxpool.Pool, learner ollamafake.ScriptFunc) bundle {
	t.Helper()
	ctx := context.Background()
	logger := testenv.Logger(t)
	fake := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{{Task: "plan_task",
		Reply: `{"goal":"the number asked for","entities":[{"name":"crate","type":"container"}],"operations":["Parse quantities","multiply"]}`}}})
	fake.Script(learner)
	models, err := llm.New(llm.Config{BaseURL: fake.Start(t)}, &http.Client{Timeout: time.Minute}, nil, logger)
	require.NoError(t, err)
	testenv.Neo4j(t)
	g, err := graph.Open(ctx, graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()}, logger)
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Close(context.Background()) })
	require.NoError(t, g.ApplySchema(ctx))
	store := vector.NewStore(pg, evokg.DefaultEmbeddingDim)
	queue, err := workers.NewInsertClient(pg, workers.Config{}, logger)
	require.NoError(t, err)
	memory := ingest.NewService(ingest.Config{}, pg, queue, models.Embedder(), store, logger)
	engine, err := NewEngine(Config{}, Deps{Pool: pg, Learner: models.Learner(), Memory: memory, Vocabulary: g, Jobs: queue,
		Retriever: retrieval.New(retrieval.Config{}, store, g, models.Embedder(), logger), Logger: logger})
	require.NoError(t, err)
	return bundle{ctx: ctx, ns: testenv.Namespace(t), pg: pg, engine: engine, memory: memory, graph: g, fake: fake}
}

// isolated is a migrated Postgres schema of the test's own, for tests that
// work jobs (a worker works every job it sees).
func isolated(t *testing.T) *pgxpool.Pool {
	t.Helper()
	ctx := context.Background()
	pg, err := postgres.Open(ctx, postgres.Config{URL: testenv.IsolatedPostgresURL(t), MaxConns: 8})
	require.NoError(t, err)
	t.Cleanup(pg.Close)
	m, err := postgres.NewMigrator(pg)
	require.NoError(t, err)
	require.NoError(t, m.Up(ctx))
	return pg
}

// startWorkers works the ingest, PRGII task, epoch run and projection jobs of b, as a
// worker process does, and returns a Service enqueuing through it.
func startWorkers(t *testing.T, b bundle) *Service {
	t.Helper()
	ingestWorkers, err := b.memory.Workers(ingest.WorkerDeps{Projector: ingest.GraphProjector(b.graph)})
	require.NoError(t, err)
	client, err := workers.NewClient(b.pg, workers.Config{}, testenv.Logger(t), ingestWorkers, b.engine.Workers(b.graph))
	require.NoError(t, err)
	require.NoError(t, client.Start(b.ctx))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		require.NoError(t, client.Stop(ctx))
	})
	return NewService(b.engine)
}

var taskLine = regexp.MustCompile(`(?m)^Task: (.+)$`)

// attemptReply is a generate_attempt reply with answer.
func attemptReply(answer string) string {
	return `{"reasoning":"worked it out","answer":"` + answer + `"}`
}

// generating scripts the attempts: reply picks the answer from the task and
// the whole prompt.
func generating(reply func(task, text string) string) ollamafake.ScriptFunc {
	return func(v ollamafake.ChatRequestView) (string, bool) {
		if v.Task != "generate_attempt" {
			return "", false
		}
		m := taskLine.FindStringSubmatch(v.Prompt)
		if m == nil {
			return "", false
		}
		return attemptReply(reply(strings.TrimSpace(m[1]), v.Text())), true
	}
}

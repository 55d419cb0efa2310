package app_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/attribute"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/telemetry"
)

// traced is a worker-mode process whose spans go to an in-memory exporter,
// and its API handler as evokg serve wraps it.
type traced struct {
	*env
	spans   *tracetest.InMemoryExporter
	handler http.Handler
}

func openTraced(t *testing.T) *traced {
	t.Helper()
	spans := tracetest.NewInMemoryExporter()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))
	t.Cleanup(func() { _ = tp.Shutdown(t.Context()) })
	e := openWith(t, app.ModeWorker, func(c *app.Config) { c.Tracing = telemetry.With(tp) })
	return &traced{env: e, spans: spans, handler: e.app.TraceHTTP(e.handler)}
}

// trace is the ended spans of one trace by span id.
type spanTree map[trace.SpanID]tracetest.SpanStub

// treeOf returns the ended spans of the trace holding a span that matches.
func (e *traced) treeOf(t *testing.T, match func(tracetest.SpanStub) bool) spanTree {
	t.Helper()
	all := e.spans.GetSpans()
	var id trace.TraceID
	for _, s := range all {
		if match(s) {
			id = s.SpanContext.TraceID()
		}
	}
	require.True(t, id.IsValid(), "no span matches")
	tree := spanTree{}
	for _, s := range all {
		if s.SpanContext.TraceID() == id {
			tree[s.SpanContext.SpanID()] = s
		}
	}
	return tree
}

// find returns the spans of the tree that match.
func (tr spanTree) find(match func(tracetest.SpanStub) bool) []tracetest.SpanStub {
	var out []tracetest.SpanStub
	for _, s := range tr {
		if match(s) {
			out = append(out, s)
		}
	}
	return out
}

// under reports whether s descends from ancestor through spans of the tree,
// every parent on the way ended in the same trace.
func (tr spanTree) under(s, ancestor tracetest.SpanStub) bool {
	for s.Parent.IsValid() {
		parent, ok := tr[s.Parent.SpanID()]
		if !ok {
			return false
		}
		if parent.SpanContext.SpanID() == ancestor.SpanContext.SpanID() {
			return true
		}
		s = parent
	}
	return false
}

// only returns the one span of the tree that matches.
func (tr spanTree) only(t *testing.T, what string, match func(tracetest.SpanStub) bool) tracetest.SpanStub {
	t.Helper()
	got := tr.find(match)
	require.Len(t, got, 1, what)
	return got[0]
}

// requireUnder checks that some span matching match descends from ancestor.
func (tr spanTree) requireUnder(t *testing.T, what string, ancestor tracetest.SpanStub, match func(tracetest.SpanStub) bool) tracetest.SpanStub {
	t.Helper()
	for _, s := range tr.find(match) {
		if tr.under(s, ancestor) {
			return s
		}
	}
	require.Failf(t, "missing span", "no %s under %q", what, ancestor.Name)
	return tracetest.SpanStub{}
}

func attr(s tracetest.SpanStub, key string) (attribute.Value, bool) {
	for _, kv := range s.Attributes {
		if string(kv.Key) == key {
			return kv.Value, true
		}
	}
	return attribute.Value{}, false
}

func named(name string) func(tracetest.SpanStub) bool {
	return func(s tracetest.SpanStub) bool { return s.Name == name }
}

func hasAttr(key, value string) func(tracetest.SpanStub) bool {
	return func(s tracetest.SpanStub) bool {
		v, ok := attr(s, key)
		return ok && v.Emit() == value
	}
}

// neo4jStatement is a Cypher statement's span, with its text.
func neo4jStatement(s tracetest.SpanStub) bool {
	text, ok := attr(s, "db.query.text")
	return hasAttr("db.system.name", "neo4j")(s) && ok && text.AsString() != ""
}

var pgxStatement = hasAttr("db.system.name", "postgresql")

// requireModelSpan checks a model span's GenAI attributes.
func requireModelSpan(t *testing.T, s tracetest.SpanStub, op, model string) {
	t.Helper()
	require.Equal(t, op+" "+model, s.Name)
	require.Equal(t, trace.SpanKindClient, s.SpanKind)
	for key, want := range map[string]string{"gen_ai.operation.name": op, "gen_ai.request.model": model,
		"gen_ai.provider.name": "ollama", "server.address": "127.0.0.1"} {
		v, ok := attr(s, key)
		require.True(t, ok, "%s has no %s", s.Name, key)
		require.Equal(t, want, v.Emit(), key)
	}
	in, ok := attr(s, "gen_ai.usage.input_tokens")
	require.True(t, ok, "%s has no input tokens", s.Name)
	require.Positive(t, in.AsInt64())
	if op == llm.OperationChat {
		out, ok := attr(s, "gen_ai.usage.output_tokens")
		require.True(t, ok, "%s has no output tokens", s.Name)
		require.Positive(t, out.AsInt64())
	}
}

// TestAnswerIsOneTrace: POST /answer is one trace whose root is the
// request's server span, named by its route; the learner's invoke_agent
// span, the memory pack's search_memory span, the model calls (GenAI
// attributes and token counts), the Postgres statements (otelpgx) and the
// Cypher statements all descend from it.
func TestAnswerIsOneTrace(t *testing.T) {
	t.Parallel()
	e := openTraced(t)
	var a evokg.AnswerResponse
	e.doWith(t, e.handler, http.MethodPost, "/answer", `{"question":"What is 2 + 2?","task_type":"arith"}`, http.StatusOK, &a)

	tree := e.treeOf(t, named("POST /v1/namespaces/{ns}/answer"))
	root := tree.only(t, "the request span", named("POST /v1/namespaces/{ns}/answer"))
	require.False(t, root.Parent.IsValid(), "the request span is the root")
	require.Equal(t, trace.SpanKindServer, root.SpanKind)
	route, _ := attr(root, "http.route")
	require.Equal(t, "/v1/namespaces/{ns}/answer", route.AsString())

	agent := tree.only(t, "the answer span", named("invoke_agent learner"))
	require.Equal(t, root.SpanContext.SpanID(), agent.Parent.SpanID())
	for key, want := range map[string]string{"gen_ai.operation.name": "invoke_agent", "gen_ai.memory.store.id": e.ns,
		"evokg.task_type": "arith"} {
		v, _ := attr(agent, key)
		require.Equal(t, want, v.Emit(), key)
	}
	search := tree.requireUnder(t, "search_memory span", agent, named("search_memory"))
	_, ok := attr(search, "gen_ai.memory.record.count")
	require.True(t, ok, "the pack's span counts its memories")

	chat := tree.requireUnder(t, "learner call", agent, named("chat "+llm.DefaultLearnerModel))
	requireModelSpan(t, chat, llm.OperationChat, llm.DefaultLearnerModel)
	embed := tree.requireUnder(t, "question embedding", search, named("embeddings "+llm.DefaultEmbeddingModel))
	requireModelSpan(t, embed, llm.OperationEmbeddings, llm.DefaultEmbeddingModel)
	tree.requireUnder(t, "Postgres statement", agent, pgxStatement)
	tree.requireUnder(t, "Cypher statement", agent, neo4jStatement)
}

// TestIngestTraceFollowsItsJobs: the trace of POST /experiences goes on in
// the jobs it enqueued: the evaluation job's work span is a child of the
// insert span under the request, and the teacher's call, its Postgres
// statements and the projection's Cypher statements descend from the
// request's span.
func TestIngestTraceFollowsItsJobs(t *testing.T) {
	t.Parallel()
	e := openTraced(t)
	var r evokg.IngestReceipt
	e.doWith(t, e.handler, http.MethodPost, "/experiences", `{"task_type":"arith","outcome":"success_memory",
		"question":"What is 2 + 3?","answer":"5"}`, http.StatusAccepted, &r)
	require.Eventually(t, func() bool {
		got, err := e.app.Ingest.Get(e.ctx, e.ns, r.ID)
		require.NoError(t, err)
		return got.Status == evokg.StatusCommitted
	}, time.Minute, 20*time.Millisecond)
	project := named("river.work/ingest_project")
	var tree spanTree
	require.Eventually(t, func() bool { // the projection's span ends just after its commit
		tree = e.treeOf(t, named("POST /v1/namespaces/{ns}/experiences"))
		return len(tree.find(project)) > 0
	}, time.Minute, 20*time.Millisecond)

	root := tree.only(t, "the request span", named("POST /v1/namespaces/{ns}/experiences"))
	require.False(t, root.Parent.IsValid(), "the request span is the root")
	create := tree.only(t, "the ingest span", named("create_memory"))
	require.Equal(t, root.SpanContext.SpanID(), create.Parent.SpanID())
	store, _ := attr(create, "gen_ai.memory.store.id")
	require.Equal(t, e.ns, store.AsString())
	tree.requireUnder(t, "Postgres statement", create, pgxStatement)

	evaluate := tree.only(t, "the evaluation job", named("river.work/ingest_evaluate"))
	require.Equal(t, trace.SpanKindConsumer, evaluate.SpanKind)
	insert, ok := tree[evaluate.Parent.SpanID()]
	require.True(t, ok, "the job's work has its parent in the request's trace")
	require.Equal(t, "river.insert_many", insert.Name, "the job's work is a child of its insert")
	require.Equal(t, create.SpanContext.SpanID(), insert.Parent.SpanID(), "the request's ingest enqueued the job")
	teacher := tree.requireUnder(t, "teacher call", evaluate, named("chat "+llm.DefaultTeacherModel))
	requireModelSpan(t, teacher, llm.OperationChat, llm.DefaultTeacherModel)
	tree.requireUnder(t, "Postgres statement", evaluate, pgxStatement)

	projected := tree.requireUnder(t, "projection job", evaluate, project) // enqueued by the evaluation
	write := tree.requireUnder(t, "graph write", projected, hasAttr("evokg.neo4j.access_mode", "write"))
	require.Equal(t, trace.SpanKindClient, write.SpanKind)
	statement := tree.requireUnder(t, "Cypher statement", write, neo4jStatement)
	summary, _ := attr(statement, "db.query.summary")
	require.Equal(t, statement.Name, summary.AsString(), "a statement's span is named by its file in graph/cypher/")
}

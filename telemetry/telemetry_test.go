package telemetry

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

func TestFromEnvIsOffUnlessAnExporterIsNamed(t *testing.T) {
	for _, name := range []string{"", "none"} {
		t.Setenv("OTEL_TRACES_EXPORTER", name)
		tr, err := FromEnv(t.Context())
		require.NoError(t, err)
		require.False(t, tr.Enabled(), "OTEL_TRACES_EXPORTER=%q", name)
		require.NoError(t, tr.Shutdown(t.Context()))
	}
	t.Setenv("OTEL_TRACES_EXPORTER", "console")
	tr, err := FromEnv(t.Context())
	require.NoError(t, err)
	require.True(t, tr.Enabled())
	require.NoError(t, tr.Shutdown(t.Context()))

	t.Setenv("OTEL_TRACES_EXPORTER", "carrier-pigeon")
	_, err = FromEnv(t.Context())
	require.Error(t, err, "an exporter autoexport does not know is refused")
}

// handler is comparable, unlike http.HandlerFunc.
type handler struct{}

func (*handler) ServeHTTP(http.ResponseWriter, *http.Request) {}

func TestOffInstallsNothing(t *testing.T) {
	t.Parallel()
	off := Off()
	h := &handler{}
	require.Same(t, h, off.Handler(h))
	require.Nil(t, off.PgxTracer())
	require.Nil(t, off.RiverMiddleware())
	require.Nil(t, off.Experiences(nil))
}

func recorder() (*Tracing, *tracetest.InMemoryExporter) {
	spans := tracetest.NewInMemoryExporter()
	return With(sdktrace.NewTracerProvider(sdktrace.WithSyncer(spans))), spans
}

func TestHandlerNamesSpansByRouteAndSkipsProbes(t *testing.T) {
	t.Parallel()
	tr, spans := recorder()
	r := chi.NewRouter()
	r.Route("/v1/things/{id}", func(r chi.Router) { r.Get("/", func(http.ResponseWriter, *http.Request) {}) })
	r.Get("/healthz", func(http.ResponseWriter, *http.Request) {})
	h := tr.Handler(r)
	for _, path := range []string{"/v1/things/7/", "/healthz"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, path, nil))
	}
	got := spans.GetSpans()
	require.Len(t, got, 1, "the probe is not traced")
	require.Equal(t, "GET /v1/things/{id}", got[0].Name)
	require.Equal(t, trace.SpanKindServer, got[0].SpanKind)
}

func TestJobWorkIsAChildOfItsInsert(t *testing.T) {
	t.Parallel()
	tr, spans := recorder()
	mw := tr.RiverMiddleware()
	ctx, insert := tr.Provider.Tracer("test").Start(t.Context(), "request")
	params := []*rivertype.JobInsertParams{{Kind: "k"}}
	inserter := mw[1].(rivertype.JobInsertMiddleware)
	_, err := inserter.InsertMany(ctx, params, func(context.Context) ([]*rivertype.JobInsertResult, error) { return nil, nil })
	require.NoError(t, err)
	insert.End()
	require.Contains(t, string(params[0].Metadata), "traceparent")

	job := &rivertype.JobRow{Kind: "k", Metadata: params[0].Metadata}
	work := func(ctx context.Context) error { return nil }
	chain := func(ctx context.Context) error {
		return mw[1].(rivertype.WorkerMiddleware).Work(ctx, job, work)
	}
	require.NoError(t, mw[0].(rivertype.WorkerMiddleware).Work(context.Background(), job, chain))

	byName := map[string]tracetest.SpanStub{}
	for _, s := range spans.GetSpans() {
		byName[s.Name] = s
	}
	require.Equal(t, byName["river.insert_many"].SpanContext.SpanID(), byName["river.work/k"].Parent.SpanID())
	require.Equal(t, byName["request"].SpanContext.TraceID(), byName["river.work/k"].SpanContext.TraceID())
}

package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/google/uuid"
	"github.com/neo4j/neo4j-go-driver/v5/neo4j"
	"github.com/stretchr/testify/require"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/postgres"
	"github.com/evokg/evokg/questions"
)

// env is one EvoKG process (API handler, and jobs in worker mode) on a
// Postgres schema of its own, the real Neo4j and the fake model server.
type env struct {
	ctx     context.Context
	app     *app.App
	handler http.Handler
	router  routers.Router
	token   string
	ns      string
	// fake is the scripted model server the app calls.
	fake *ollamafake.Server
}

func open(t *testing.T, mode app.Mode, limits evolution.Limits) *env {
	t.Helper()
	return openWith(t, mode, func(c *app.Config) { c.Evolution = limits })
}

// openWith is open with the configuration set by configure.
func openWith(t *testing.T, mode app.Mode, configure func(*app.Config)) *env {
	t.Helper()
	ctx := context.Background()
	testenv.Neo4j(t)
	logger := testenv.Logger(t)
	fake := ollamafake.New(ollamafake.Options{})
	cfg := app.Config{
		Postgres: postgres.Config{URL: testenv.IsolatedPostgresURL(t), MaxConns: 10},
		Graph:    graph.Config{URI: testenv.Neo4jURI(), User: testenv.Neo4jUser(), Password: testenv.Neo4jPassword()},
		LLM:      llm.Config{BaseURL: fake.Start(t)},
		HTTP:     &http.Client{Timeout: time.Minute},
		Migrate:  true,
	}
	configure(&cfg)
	a, err := app.Open(ctx, cfg, mode, logger)
	require.NoError(t, err)
	t.Cleanup(func() { a.Close(context.Background()) })
	if mode != app.ModeAPI {
		require.NoError(t, a.Jobs.Start(ctx))
		t.Cleanup(func() {
			stop, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			require.NoError(t, a.Jobs.Stop(stop))
		})
	}
	ns := testenv.Namespace(t)
	_, err = access.NewNamespaceStore(a.Pool).CreateNamespace(ctx, evokg.Namespace{Name: ns}, uuid.Nil)
	require.NoError(t, err)
	token, _, err := access.NewKeyStore(a.Pool, logger).Create(ctx, "test", evokg.Scopes, []string{ns})
	require.NoError(t, err)
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPIYAML)
	require.NoError(t, err)
	router, err := gorillamux.NewRouter(doc)
	require.NoError(t, err)
	caps := cfg.Evolution.WithDefaults() // as evokg serve passes them: the served document states the caps
	handler := api.NewHandler(api.Config{MaxRunIterations: caps.MaxIterations, MaxRunPool: caps.MaxPoolSize}, a.APIDeps(), logger)
	return &env{ctx: ctx, app: a, handler: handler, router: router, token: token, ns: ns, fake: fake}
}

// do sends a request under /v1/namespaces/{ns}, checks the response against
// the OpenAPI document and decodes it into out.
func (e *env) do(t *testing.T, method, path, body string, want int, out any) {
	t.Helper()
	e.doWith(t, e.handler, method, path, body, want, out)
}

func (e *env) doWith(t *testing.T, handler http.Handler, method, path, body string, want int, out any) {
	t.Helper()
	e.exchange(t, handler, e.token, method, "/v1/namespaces/"+e.ns+path, body, want, out)
}

// exchange sends a request to path with token, checks the response against
// the OpenAPI document, decodes it into out and returns its header.
func (e *env) exchange(t *testing.T, handler http.Handler, token, method, path, body string, want int, out any) http.Header {
	t.Helper()
	url := "http://127.0.0.1:8080" + path
	req := httptest.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	rec := httptest.NewRecorder()
	handler.ServeHTTP(rec, req)
	require.Equal(t, want, rec.Code, "%s %s: %s", method, path, rec.Body.String())

	check := httptest.NewRequest(method, url, strings.NewReader(body))
	check.Header = req.Header.Clone()
	route, params, err := e.router.FindRoute(check)
	require.NoError(t, err)
	in := &openapi3filter.RequestValidationInput{Request: check, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	res := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(),
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	res.SetBodyBytes(bytes.Clone(rec.Body.Bytes()))
	require.NoError(t, openapi3filter.ValidateResponse(e.ctx, res), "the %d answer to %s %s is not in the document", rec.Code, method, path)
	if out != nil {
		require.NoError(t, json.Unmarshal(rec.Body.Bytes(), out))
	}
	return rec.Header()
}

func TestEvolutionAdmissionOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeAPI, evolution.Limits{MaxIterations: 40, MaxPoolSize: 100})

	var first evokg.EvolutionRun
	e.do(t, http.MethodPost, "/evolution-runs", `{"generator":{"name":"arith","size":30},"iterations":2}`, http.StatusAccepted, &first)
	require.Equal(t, evokg.RunQueued, first.Status)

	var p api.Problem
	e.do(t, http.MethodPost, "/evolution-runs", `{"generator":{"name":"arith","size":30},"iterations":2}`, http.StatusConflict, &p)
	require.Equal(t, evokg.ECONFLICT, p.Code)
	require.Contains(t, p.Detail, first.ID.String(), "the 409 names the active run")

	// The run: 445 iterations over 8,954 questions. The served
	// document states the caps, so its validator answers first.
	e.do(t, http.MethodPost, "/evolution-runs", `{"generator":{"name":"arith","size":8954},"iterations":445}`, http.StatusUnprocessableEntity, &p)
	require.ElementsMatch(t, []string{"/iterations", "/generator/size"}, pointers(p.Errors))
	for _, f := range p.Errors {
		cap := map[string]string{"/iterations": "40", "/generator/size": "100"}[f.Pointer]
		require.Contains(t, f.Detail, cap, "the 422 names the cap")
	}

	items := make([]string, 101)
	for i := range items {
		items[i] = fmt.Sprintf(`{"question":"%d + 1?","task_type":"sum","gold":"%d"}`, i, i+1)
	}
	e.do(t, http.MethodPost, "/evolution-runs", `{"pool":[`+strings.Join(items, ",")+`]}`, http.StatusUnprocessableEntity, &p)
	require.Equal(t, []string{"/pool"}, pointers(p.Errors))
	require.Contains(t, p.Errors[0].Detail, "100")

	// Behind the document, the service holds the same caps (ELIMIT): a
	// handler whose document keeps its own maxima (50, 1000) lets the
	// request through to it.
	deps := e.app.APIDeps()
	deps.Registerer, deps.Gatherer = nil, nil
	var lim api.Problem
	e.doWith(t, api.NewHandler(api.Config{}, deps, nil), http.MethodPost, "/evolution-runs",
		`{"generator":{"name":"arith","size":101},"iterations":45}`, http.StatusUnprocessableEntity, &lim)
	require.Equal(t, evokg.ELIMIT, lim.Code)
	require.Equal(t, []string{"/iterations", "/generator/size"}, pointers(lim.Errors))
	require.Contains(t, lim.Errors[0].Detail, "max_iterations = 40")
	require.Contains(t, lim.Errors[1].Detail, "max_pool_size = 100")

	var list struct{ Items []evokg.EvolutionRun }
	e.do(t, http.MethodGet, "/evolution-runs", "", http.StatusOK, &list)
	require.Len(t, list.Items, 1, "refused starts create no run")

	e.do(t, http.MethodPost, "/evolution-runs/"+first.ID.String()+"/cancel", "", http.StatusOK, nil)
	e.do(t, http.MethodPost, "/evolution-runs", `{"generator":{"name":"arith","size":30},"iterations":2}`, http.StatusAccepted, nil)
}

func pointers(fields []evokg.FieldError) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Pointer
	}
	return out
}

// TestWorkerRunsOneRunAtATime: with the default cap of one run per worker
// process, runs of two namespaces execute one after the other.
func TestWorkerRunsOneRunAtATime(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeWorker, evolution.Limits{})
	other := testenv.Namespace(t)
	params := evolution.Params{Iterations: 2, Pool: questions.PoolSpec{Name: "arith", Size: 10, Seed: 3}, DisableBandits: true}
	var ids []uuid.UUID
	for _, ns := range []string{e.ns, other} {
		run, err := e.app.Evolution.Start(e.ctx, ns, uuid.Nil, params)
		require.NoError(t, err)
		ids = append(ids, run.ID)
	}
	require.Eventually(t, func() bool {
		var done int
		require.NoError(t, e.app.Pool.QueryRow(e.ctx, `SELECT count(*) FROM evolution_runs WHERE id = ANY($1) AND status = 'succeeded'`, ids).Scan(&done))
		return done == 2
	}, 2*time.Minute, 50*time.Millisecond)

	rows, err := e.app.Pool.Query(e.ctx, `SELECT started_at, finished_at FROM evolution_runs WHERE id = ANY($1) ORDER BY started_at`, ids)
	require.NoError(t, err)
	var spans [][2]time.Time
	for rows.Next() {
		var s [2]time.Time
		require.NoError(t, rows.Scan(&s[0], &s[1]))
		spans = append(spans, s)
	}
	require.NoError(t, rows.Err())
	require.Len(t, spans, 2)
	require.False(t, spans[1][0].Before(spans[0][1]), "the second run started %v, before the first finished %v", spans[1][0], spans[0][1])
}

// TestQualityGateOverTheAPI: a pre-evaluated success memory below the gate
// is answered, committed and shown as a failed experience, and is in the
// failure index and the graph as a failure memory, not as a success.
func TestQualityGateOverTheAPI(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeWorker, evolution.Limits{})

	var r evokg.IngestReceipt
	e.do(t, http.MethodPost, "/experiences", `{"task_type":"arithmetic","outcome":"success_memory","question":"What is 17 + 25?",
		"answer":"41","evaluation":{"correct":0.2,"efficient":1,"complete":1}}`, http.StatusAccepted, &r)
	require.Equal(t, evokg.OutcomeFailure, r.Outcome, "the receipt says how it is committed")
	require.NotNil(t, r.Gate)
	require.InDelta(t, 0.28, r.Gate.Q, 1e-9)
	require.Equal(t, evokg.EvalFailed, r.Gate.Status)
	require.Equal(t, evokg.OutcomeSuccess, r.Gate.Requested)

	var got evokg.StoredExperience
	require.Eventually(t, func() bool {
		e.do(t, http.MethodGet, "/experiences/"+r.ID.String(), "", http.StatusOK, &got)
		return got.Status == "committed"
	}, time.Minute, 50*time.Millisecond)
	require.Equal(t, evokg.OutcomeFailure, got.Outcome)
	require.Equal(t, evokg.EvalFailed, got.Evaluation.Status)
	require.InDelta(t, 0.28, got.Evaluation.Q, 1e-9)

	var success, failure int
	require.NoError(t, e.app.Pool.QueryRow(e.ctx, `SELECT (SELECT count(*) FROM success_index WHERE id = $1),
		(SELECT count(*) FROM failure_index WHERE id = $1)`, r.ID).Scan(&success, &failure))
	require.Equal(t, [2]int{0, 1}, [2]int{success, failure}, "never in the success index")

	res, err := neo4j.ExecuteQuery(e.ctx, testenv.Neo4j(t), `MATCH (x:Experience {namespace: $ns, id: $id}) RETURN labels(x) AS labels`,
		map[string]any{"ns": e.ns, "id": r.ID.String()}, neo4j.EagerResultTransformer)
	require.NoError(t, err)
	require.Len(t, res.Records, 1)
	labels, _ := res.Records[0].Get("labels")
	require.Contains(t, labels, "FailureMemory")
	require.NotContains(t, labels, "SuccessMemory")
}

// The process of `evokg evolve` works ingest jobs but never takes a run
// queued through the API: its ingest jobs are worked while the run waits.
func TestIngestModeLeavesQueuedRunsToTheWorkers(t *testing.T) {
	t.Parallel()
	e := open(t, app.ModeIngest, evolution.Limits{})
	var run struct{ ID uuid.UUID }
	e.do(t, http.MethodPost, "/evolution-runs", `{"iterations":2,"pool":[{"question":"2+2?","task_type":"arithmetic","gold":"4"},{"question":"3+3?","task_type":"arithmetic","gold":"6"}]}`, http.StatusAccepted, &run)
	var receipt evokg.IngestReceipt
	e.do(t, http.MethodPost, "/experiences", `{"task_type":"arithmetic","outcome":"success_memory","question":"What is 1 + 1?","answer":"2","evaluation":{"correct":1,"efficient":1,"complete":1}}`, http.StatusAccepted, &receipt)
	require.Eventually(t, func() bool {
		got, err := e.app.Ingest.Get(e.ctx, e.ns, receipt.ID)
		require.NoError(t, err)
		return got.Status == evokg.StatusCommitted
	}, time.Minute, 50*time.Millisecond, "the process works ingest jobs (embedding, projection)")
	got, err := e.app.Evolution.GetRun(e.ctx, e.ns, run.ID)
	require.NoError(t, err)
	require.Equal(t, evokg.RunQueued, got.Status, "the API's run waits for a worker")
}

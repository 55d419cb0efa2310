package api_test

import (
	"bytes"
	"cmp"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/access"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/internal/testenv"
)

func init() {
	openapi3filter.RegisterBodyDecoder("application/x-ndjson", openapi3filter.PlainBodyDecoder)
}

// bundle is what a test of the handler needs.
type bundle struct {
	handler http.Handler
	keys    *access.KeyStore
	pool    *pgxpool.Pool
	fakes   *fakes
	router  routers.Router
	reg     *prometheus.Registry
}

type setupOpts struct {
	cfg    api.Config
	checks map[string]api.Check
	// bare mounts no feature port (namespaces only).
	bare bool
	// quiet discards the handler's logs (benchmarks).
	quiet bool
	// pool replaces the package's pool, as another process's would.
	pool *pgxpool.Pool
	// counts holds the rate limit's counts; nil counts in the handler.
	counts api.RateCounts
}

// setup builds a handler on the real key and namespace stores and the
// in-test fakes of every feature port.
func setup(t testing.TB, opts setupOpts) *bundle {
	t.Helper()
	pool := cmp.Or(opts.pool, testenv.Postgres(t))
	b := &bundle{keys: access.NewKeyStore(pool, testenv.Logger(t)), pool: pool, fakes: &fakes{}, reg: prometheus.NewRegistry(), router: docRouter(t)}
	deps := api.Deps{Keys: b.keys, Namespaces: access.NewNamespaceStore(pool), Checks: opts.checks, Registerer: b.reg, Gatherer: b.reg,
		RateCounts: opts.counts}
	if !opts.bare {
		f := b.fakes
		deps.Experiences, deps.Retriever, deps.Answerer, deps.Skills, deps.TaskTypes = f, retrievals{f}, f, f, f
		deps.Evolution, deps.Graph, deps.Usage, deps.Bandits, deps.Maintenance, deps.Tasks = f, f, f, f, f, f
		deps.Assets, deps.EpochRuns, deps.Utility = f, f, utilities{f}
		deps.Declarer, deps.Profiles, deps.Transfer = f, profiles{f}, f
	}
	logger := testenv.Logger(t)
	if opts.quiet {
		logger = slog.New(slog.DiscardHandler)
	}
	b.handler = api.NewHandler(opts.cfg, deps, logger)
	return b
}

func docRouter(t testing.TB) routers.Router {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPIYAML)
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background()))
	r, err := gorillamux.NewRouter(doc)
	require.NoError(t, err)
	return r
}

// key creates a key and removes it when the test ends.
func (b *bundle) key(t *testing.T, scopes []string, namespaces ...string) string {
	t.Helper()
	ctx := context.Background()
	token, k, err := b.keys.Create(ctx, t.Name(), scopes, namespaces)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, b.deleteKey(k.ID)) })
	return token
}

// namespace creates a namespace and removes it, with everything in it,
// when the test ends.
func (b *bundle) namespace(t testing.TB) string {
	t.Helper()
	ns := testenv.Namespace(t)
	_, err := access.NewNamespaceStore(b.pool).CreateNamespace(context.Background(), evokg.Namespace{Name: ns}, uuid.Nil)
	require.NoError(t, err)
	return ns
}

// deleteKey removes a key's row so that tests leave no keys behind; the
// store itself only revokes.
func (b *bundle) deleteKey(id uuid.UUID) error {
	_, err := b.pool.Exec(context.Background(), "DELETE FROM api_keys WHERE id = $1", id)
	return err
}

// call is one request.
type call struct {
	method, path, token, body string
	header                    map[string]string
}

// do serves c and checks the exchange against the OpenAPI document: the
// request when it succeeded, the response whenever the route is documented.
func (b *bundle) do(t *testing.T, c call) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(c.method, "http://127.0.0.1:8080"+c.path, strings.NewReader(c.body))
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	b.handler.ServeHTTP(rec, req)
	b.validate(t, c, req.Header, rec)
	return rec
}

func (b *bundle) validate(t *testing.T, c call, header http.Header, rec *httptest.ResponseRecorder) {
	t.Helper()
	req := httptest.NewRequest(c.method, "http://127.0.0.1:8080"+c.path, strings.NewReader(c.body))
	req.Header = header.Clone()
	route, params, err := b.router.FindRoute(req)
	if err != nil {
		require.Contains(t, []int{http.StatusNotFound, http.StatusMethodNotAllowed}, rec.Code,
			"%s %s is served but not documented: %v", c.method, c.path, err)
		return
	}
	ctx := context.Background()
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	if rec.Code < 400 {
		require.NoError(t, openapi3filter.ValidateRequest(ctx, in), "request %s %s does not match the document", c.method, c.path)
	}
	out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(),
		Options: &openapi3filter.Options{IncludeResponseStatus: true}}
	out.SetBodyBytes(bytes.Clone(rec.Body.Bytes()))
	require.NoError(t, openapi3filter.ValidateResponse(ctx, out), "response %d to %s %s does not match the document: %s", rec.Code, c.method, c.path, rec.Body.String())
}

func readAll(t *testing.T, r io.Reader) string {
	t.Helper()
	b, err := io.ReadAll(r)
	require.NoError(t, err)
	return string(b)
}

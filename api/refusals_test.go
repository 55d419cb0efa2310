package api_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/postgres"
)

// operation is one documented operation under /v1.
type operation struct {
	method, path string
	op           *openapi3.Operation
}

// v1Operations lists the document's operations under /v1 but the old
// epoch-run URLs, which redirect before any check.
func v1Operations(t *testing.T) []operation {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPIYAML)
	require.NoError(t, err)
	var out []operation
	for _, path := range doc.Paths.InMatchingOrder() {
		if !strings.HasPrefix(path, "/v1/") || strings.Contains(path, "/prgii-runs") {
			continue
		}
		for method, op := range doc.Paths.Value(path).Operations() {
			out = append(out, operation{method: method, path: path, op: op})
		}
	}
	slices.SortFunc(out, func(a, b operation) int { return strings.Compare(a.method+a.path, b.method+b.path) })
	return out
}

// url fills the operation's path parameters.
func (o operation) url(ns string) string {
	return strings.NewReplacer("{ns}", ns, "{id}", "0190b5a0-0000-7000-8000-000000000001", "{name}", "add").Replace(o.path)
}

func (o operation) namespaced() bool { return strings.HasPrefix(o.path, "/v1/namespaces/{ns}") }

func (o operation) takesJSON() bool {
	return o.op.RequestBody != nil && o.op.RequestBody.Value.Content.Get("application/json") != nil
}

func (o operation) isImport() bool { return o.op.OperationID == "importNamespace" }

// requireDocumented fails unless the operation lists status itself: its
// default response covers only unexpected server errors.
func (o operation) requireDocumented(t *testing.T, status int, why string) {
	t.Helper()
	require.NotNil(t, o.op.Responses.Status(status), "%s %s answers %d (%s), which the document does not list for it", o.method, o.path, status, why)
}

// TestRefusalsAreDocumented sends every documented operation under /v1
// each refusal the middleware makes before any handler runs, and fails when
// the operation does not list the status the server answered.
func TestRefusalsAreDocumented(t *testing.T) {
	t.Parallel()
	const limit, batchLimit = 1 << 10, 2 << 10
	b := setup(t, setupOpts{cfg: api.Config{MaxBodyBytes: limit, MaxBatchBodyBytes: batchLimit}})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	elsewhere := b.key(t, evokg.Scopes, testenv.Namespace(t))
	admin := b.key(t, evokg.Scopes, evokg.AllNamespaces)
	huge := strings.Repeat(" ", 2*batchLimit) + "{}"
	ops := v1Operations(t)
	require.Len(t, ops, 50)
	for _, o := range ops {
		own := token
		if !o.namespaced() {
			own = admin
		}
		cases := []struct {
			why    string
			c      call
			status int
		}{
			{"no API key", call{path: o.url(ns)}, http.StatusUnauthorized},
			{"an over-size body", call{path: o.url(ns), token: own, body: huge}, http.StatusRequestEntityTooLarge},
		}
		if o.namespaced() {
			cases = append(cases, []struct {
				why    string
				c      call
				status int
			}{
				{"a key bound to another namespace", call{path: o.url(ns), token: elsewhere}, http.StatusForbidden},
				{"a namespace name that is not valid", call{path: o.url("Not_Valid"), token: admin}, http.StatusUnprocessableEntity},
			}...)
			if !o.isImport() {
				cases = append(cases, struct {
					why    string
					c      call
					status int
				}{"a namespace that does not exist", call{path: o.url(testenv.Namespace(t)), token: admin}, http.StatusNotFound})
			}
		}
		if o.takesJSON() {
			cases = append(cases, []struct {
				why    string
				c      call
				status int
			}{
				{"a body that is not JSON", call{path: o.url(ns), token: own, body: `{"a":`}, http.StatusBadRequest},
				{"a body of another media type", call{path: o.url(ns), token: own, body: `{}`, header: map[string]string{"Content-Type": "text/plain"}}, http.StatusUnsupportedMediaType},
			}...)
		}
		for _, tc := range cases {
			tc.c.method = o.method
			rec := b.do(t, tc.c)
			o.requireDocumented(t, rec.Code, tc.why)
			require.Equal(t, tc.status, rec.Code, "%s %s with %s: %s", o.method, o.path, tc.why, rec.Body.String())
			require.Equal(t, "application/problem+json", rec.Header().Get("Content-Type"))
		}
	}
	require.Zero(t, b.fakes.calls.Load(), "no refused request reaches a port")
}

// TestUnknownNamespaceIsNotFound checks the 404 of a namespace that does
// not exist or no longer does, and that an import creates its namespace.
func TestUnknownNamespaceIsNotFound(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	admin := b.key(t, evokg.Scopes, evokg.AllNamespaces)
	unknown := testenv.Namespace(t)
	for _, path := range []string{"", "/experiences", "/skills/add", "/usage"} {
		rec := b.do(t, call{method: "GET", path: "/v1/namespaces/" + unknown + path, token: admin})
		require.Equal(t, http.StatusNotFound, rec.Code, path)
		p := problemOf(t, rec.Body.Bytes())
		require.Equal(t, "namespace_not_found", p.Code)
		require.Equal(t, "urn:evokg:problem:namespace_not_found", p.Type)
		require.Contains(t, p.Detail, `"`+unknown+`"`)
	}
	require.Zero(t, b.fakes.calls.Load())

	ns := b.namespace(t)
	rec := b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/experiences", token: admin})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	require.NoError(t, postgres.PurgeNamespace(context.Background(), b.pool, ns))
	rec = b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/experiences", token: admin})
	require.Equal(t, http.StatusNotFound, rec.Code, "a deleted namespace")
	require.Equal(t, "namespace_not_found", problemOf(t, rec.Body.Bytes()).Code)

	rec = b.do(t, call{method: "POST", path: "/v1/namespaces/" + unknown + "/import", token: admin,
		body: `{"kind":"header"}` + "\n", header: map[string]string{"Content-Type": "application/x-ndjson"}})
	require.Equal(t, http.StatusOK, rec.Code, "an import may create its namespace: %s", rec.Body.String())
}

// refusal is a request the document refuses, with the status and the
// pointer of its first error.
type refusal struct {
	body    string
	status  int
	pointer string
}

// refuse sends each refusal to path and requires its status and pointer,
// and that none reaches a service.
func refuse(t *testing.T, b *bundle, method, path, token string, cases []refusal) {
	t.Helper()
	for _, tc := range cases {
		rec := b.do(t, call{method: method, path: path, token: token, body: tc.body})
		require.Equal(t, tc.status, rec.Code, "%s: %s", tc.body, rec.Body.String())
		require.Equal(t, "application/problem+json", rec.Header().Get("Content-Type"))
		p := problemOf(t, rec.Body.Bytes())
		require.NotEmpty(t, p.Errors, tc.body)
		require.Equal(t, tc.pointer, p.Errors[0].Pointer, "%s: %s", tc.body, rec.Body.String())
	}
	require.Zero(t, b.fakes.calls.Load(), "a refused request reaches no service")
}

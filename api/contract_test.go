package api_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/mcp"
)

// TestContractRoutesEqualDocument fails when a route is in the router but
// not in openapi.yaml, or the other way round.
func TestContractRoutesEqualDocument(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	var routed []string
	err := chi.Walk(b.handler.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if route != "/" {
			route = strings.TrimSuffix(route, "/")
		}
		if route == mcp.Path {
			return nil // JSON-RPC over Streamable HTTP: the MCP specification describes it, not the document
		}
		routed = append(routed, method+" "+route)
		return nil
	})
	require.NoError(t, err)
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPIYAML)
	require.NoError(t, err)
	var documented []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, method+" "+path)
		}
	}
	slices.Sort(routed)
	slices.Sort(documented)
	require.Equal(t, documented, routed)
	require.Len(t, routed, 59)
}

// TestContractExchanges makes one valid call to every route with a key
// holding every scope and checks requests and responses against the document.
func TestContractExchanges(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := testenv.Namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	everyNamespace := b.key(t, []string{evokg.ScopeAdmin}, evokg.AllNamespaces)
	id := "0190b5a0-0000-7000-8000-000000000001"
	p := "/v1/namespaces/" + ns
	calls := []struct {
		call
		status int
	}{
		{call{method: "GET", path: "/healthz"}, 200},
		{call{method: "GET", path: "/openapi.json"}, 200},
		{call{method: "GET", path: "/openapi.yaml"}, 200},
		{call{method: "POST", path: "/v1/namespaces", body: `{"name":"` + ns + `","description":"contract","probation":true}`}, 201},
		{call{method: "GET", path: p}, 200},
		{call{method: "POST", path: p + "/experiences", body: `{"task_type":"arithmetic","question":"2+2?","answer":"4","outcome":"success_memory","evaluation":{"correct":1,"efficient":1,"complete":1,"q":1,"status":"successful"}}`, header: map[string]string{"Idempotency-Key": "k1"}}, 202},
		{call{method: "POST", path: p + "/experiences/batch", body: `[{"task_type":"arithmetic","question":"1+1?"},{"task_type":"arithmetic","outcome":"principle","content":"carry the one"}]`}, 202},
		{call{method: "GET", path: p + "/experiences?outcome=success_memory&task_type=arithmetic&limit=10"}, 200},
		{call{method: "GET", path: p + "/experiences/" + id}, 200},
		{call{method: "DELETE", path: p + "/experiences/" + id}, 204},
		{call{method: "GET", path: p + "/experiences/utility?state=quarantined&task_type=arithmetic&limit=10"}, 200},
		{call{method: "GET", path: p + "/experiences/" + id + "/utility"}, 200},
		{call{method: "POST", path: p + "/experiences/" + id + "/quarantine", body: `{"reason":"keeps misleading"}`}, 200},
		{call{method: "POST", path: p + "/experiences/" + id + "/restore", body: `{"reason":"fixed upstream"}`}, 200},
		{call{method: "POST", path: p + "/retrieve", body: `{"question":"3+3?","task_type":"arithmetic","mode":"apex"}`}, 200},
		{call{method: "POST", path: p + "/answer", body: `{"question":"3+3?","task_type":"arithmetic"}`}, 200},
		{call{method: "POST", path: p + "/answers/" + id + "/feedback", body: `{"reward":1}`}, 200},
		{call{method: "POST", path: p + "/retrievals/" + id + "/feedback", body: `{"reward":0.5}`}, 200},
		{call{method: "GET", path: p + "/skills"}, 200},
		{call{method: "GET", path: p + "/skills/frontier"}, 200},
		{call{method: "GET", path: p + "/skills/addition"}, 200},
		{call{method: "GET", path: p + "/task-types"}, 200},
		{call{method: "PUT", path: p + "/task-types/colour", body: `{"description":"pick a colour","answer":{"mode":"choice","choices":["red","blue"]}}`}, 200},
		{call{method: "GET", path: p + "/learner-profile?model=llama3.1:8b"}, 200},
		{call{method: "PUT", path: p + "/learner-profile", body: `{"render":"turns","memories":4,"item_chars":300,"reasoning":false}`}, 200},
		{call{method: "POST", path: p + "/learner-profile/calibrate", body: `{"items":[{"id":"v1","question":"2+2?","answer":"4","task_type":"arithmetic"}],"candidates":[{"render":"block","reasoning":true}]}`}, 200},
		{call{method: "POST", path: p + "/evolution-runs", body: `{"iterations":2,"pool":[{"question":"2+2?","task_type":"arithmetic","gold":"4"},{"question":"3+3?","task_type":"arithmetic","gold":"6"}]}`}, 202},
		{call{method: "GET", path: p + "/evolution-runs"}, 200},
		{call{method: "GET", path: p + "/evolution-runs/" + id}, 200},
		{call{method: "POST", path: p + "/evolution-runs/" + id + "/cancel"}, 200},
		{call{method: "POST", path: p + "/tasks", body: `{"question":"6 rows of 7?","task_type":"arithmetic","validator":{"kind":"normalized","gold":"42"}}`}, 202},
		{call{method: "GET", path: p + "/tasks"}, 200},
		{call{method: "GET", path: p + "/tasks/" + id}, 200},
		{call{method: "POST", path: p + "/epoch-runs", body: `{"pool":{"name":"digits","size":10,"seed":3},"epochs":2,"max_iterations":2,"frozen":true,"held_out":0.2}`, header: map[string]string{"Idempotency-Key": "r1"}}, 202},
		{call{method: "GET", path: p + "/epoch-runs"}, 200},
		{call{method: "GET", path: p + "/epoch-runs/" + id}, 200},
		{call{method: "POST", path: p + "/epoch-runs/" + id + "/cancel"}, 200},
		{call{method: "POST", path: p + "/prgii-runs"}, 308},
		{call{method: "GET", path: p + "/prgii-runs"}, 308},
		{call{method: "GET", path: p + "/prgii-runs/" + id}, 308},
		{call{method: "POST", path: p + "/prgii-runs/" + id + "/cancel"}, 308},
		{call{method: "GET", path: p + "/graph/neighbors?seed=" + id + "&hops=2"}, 200},
		{call{method: "POST", path: p + "/graph/neighbors", body: `{"seeds":["` + id + `"],"hops":1}`}, 200},
		{call{method: "POST", path: p + "/graph/signature-matches", body: `{"signature":["parse","add"],"threshold":0.6}`}, 200},
		{call{method: "GET", path: p + "/usage"}, 200},
		{call{method: "GET", path: p + "/bandits"}, 200},
		{call{method: "POST", path: p + "/tools", body: `{"name":"add","description":"adds","code":"def run(input):\n    return input[\"a\"] + input[\"b\"]\n","input_schema":{"type":"object"},"tests":[{"input":{"a":1,"b":2},"expected":3}],"skill":"addition","created_from":["` + id + `"]}`}, 201},
		{call{method: "GET", path: p + "/tools"}, 200},
		{call{method: "GET", path: p + "/tools?query=add%20numbers&k=3"}, 200},
		{call{method: "GET", path: p + "/tools/add"}, 200},
		{call{method: "POST", path: p + "/tools/add/invoke", body: `{"input":{"a":1,"b":2}}`}, 200},
		{call{method: "POST", path: p + "/tools/add/restore"}, 200},
		{call{method: "POST", path: p + "/agents", body: `{"role":"accountant","system_prompt":"You add.","tools":["add"]}`}, 201},
		{call{method: "GET", path: p + "/agents?query=adds"}, 200},
		{call{method: "POST", path: p + "/maintenance/prune", body: `{"threshold":0.2,"dry_run":true}`}, 200},
		{call{method: "GET", path: p + "/export"}, 200},
		{call{method: "POST", path: p + "/import", body: `{"kind":"header"}` + "\n" + `{"kind":"end"}` + "\n", header: map[string]string{"Content-Type": "application/x-ndjson"}}, 200},
		{call{method: "POST", path: p + "/import", body: `{"kind":"header"}`}, 415},
		{call{method: "POST", path: "/v1/maintenance/reindex", body: `{"dry_run":true}`, token: everyNamespace}, 200},
		{call{method: "GET", path: "/readyz"}, 200},
		{call{method: "GET", path: "/metrics"}, 200},
	}
	for _, c := range calls {
		if strings.HasPrefix(c.path, "/v1") && c.token == "" {
			c.token = token
		}
		rec := b.do(t, c.call)
		require.Equal(t, c.status, rec.Code, "%s %s: %s", c.method, c.path, rec.Body.String())
	}
	require.EqualValues(t, 49, b.fakes.calls.Load(), "every feature route reaches its port once")
}

func TestOpenAPIJSONEqualsYAML(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{bare: true})
	rec := b.do(t, call{method: "GET", path: "/openapi.json"})
	var doc map[string]any
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
	require.Equal(t, "3.0.3", doc["openapi"])
	require.Contains(t, doc["paths"], "/v1/namespaces/{ns}/answers/{id}/feedback")
}

// TestRoutesMountedOnlyWithPorts checks that a handler without feature
// ports serves none of their routes.
func TestRoutesMountedOnlyWithPorts(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{bare: true})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	rec := b.do(t, call{method: "POST", path: "/v1/namespaces/" + ns + "/retrieve", token: token, body: `{"question":"q","task_type":"t"}`})
	require.Equal(t, http.StatusNotFound, rec.Code)
	require.Equal(t, "application/problem+json", rec.Header().Get("Content-Type"))
	rec = b.do(t, call{method: "POST", path: "/v1/namespaces/" + ns + "/experiences/batch", token: token, body: `[]`})
	require.Equal(t, http.StatusNotFound, rec.Code)
}

package api_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
	"github.com/evokg/evokg/internal/testenv"
)

func check(critical bool, res api.CheckResult) api.Check {
	return api.Check{Critical: critical, Run: func(context.Context) api.CheckResult { return res }}
}

func TestReadiness(t *testing.T) {
	t.Parallel()
	up := api.CheckResult{Status: api.CheckUp}
	cases := []struct {
		name   string
		ollama api.CheckResult
		neo4j  api.CheckResult
		status int
		want   string
	}{
		{"all up", up, up, 200, api.Ready},
		{"model missing", api.CheckResult{Status: api.CheckDegraded, Detail: "model qwen3:8b is missing"}, up, 200, api.Degraded},
		{"ollama down", api.CheckResult{Status: api.CheckDown, Detail: "connection refused"}, up, 200, api.Degraded},
		{"neo4j down", up, api.CheckResult{Status: api.CheckDown}, 503, api.Unready},
		{"neo4j warming", up, api.CheckResult{Status: api.CheckWarming}, 503, api.Unready},
		{"model server warming", api.CheckResult{Status: api.CheckWarming}, up, 200, api.Degraded},
		{"fake model server", api.CheckResult{Status: api.CheckUp, Fake: true}, up, 200, api.Ready},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			b := setup(t, setupOpts{bare: true, checks: map[string]api.Check{
				"postgres": check(true, up), "neo4j": check(true, tc.neo4j), "ollama": check(false, tc.ollama),
			}})
			rec := b.do(t, call{method: "GET", path: "/readyz"})
			require.Equal(t, tc.status, rec.Code)
			var doc struct {
				Status string                     `json:"status"`
				Checks map[string]api.CheckResult `json:"checks"`
			}
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
			require.Equal(t, tc.want, doc.Status)
			require.Len(t, doc.Checks, 3)
			require.Equal(t, tc.ollama.Fake, doc.Checks["ollama"].Fake)
			require.Equal(t, http.StatusOK, b.do(t, call{method: "GET", path: "/healthz"}).Code, "liveness does not depend on checks")
		})
	}
}

func TestReadinessCheckTimeout(t *testing.T) {
	t.Parallel()
	slow := api.Check{Critical: true, Run: func(ctx context.Context) api.CheckResult {
		<-ctx.Done()
		return api.CheckResult{Status: api.CheckDown}
	}}
	b := setup(t, setupOpts{bare: true, cfg: api.Config{CheckTimeout: 20_000_000}, checks: map[string]api.Check{"postgres": slow}})
	rec := b.do(t, call{method: "GET", path: "/readyz"})
	require.Equal(t, http.StatusServiceUnavailable, rec.Code)
	require.Contains(t, rec.Body.String(), "no answer within 20ms")
}

func TestMetricsByRoutePattern(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	for range 2 {
		b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/skills/addition", token: token})
	}
	body := b.do(t, call{method: "GET", path: "/metrics"}).Body.String()
	line := `evokg_http_requests_total{method="GET",route="/v1/namespaces/{ns}/skills/{name}",status="200"} 2`
	require.Contains(t, body, line)
	require.True(t, strings.Contains(body, "evokg_http_request_duration_seconds_bucket"))
}

func TestNamespacesOnPostgres(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{bare: true})
	ns := testenv.Namespace(t)
	admin := b.key(t, []string{evokg.ScopeAdmin}, ns)
	rec := b.do(t, call{method: "POST", path: "/v1/namespaces", token: admin, body: `{"name":"` + ns + `","description":"team a"}`})
	require.Equal(t, http.StatusCreated, rec.Code, rec.Body.String())
	require.Equal(t, "/v1/namespaces/"+ns, rec.Header().Get("Location"))
	rec = b.do(t, call{method: "POST", path: "/v1/namespaces", token: admin, body: `{"name":"` + ns + `"}`})
	require.Equal(t, http.StatusConflict, rec.Code)
	rec = b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns, token: admin})
	require.Equal(t, http.StatusOK, rec.Code)
	require.Contains(t, rec.Body.String(), `"description":"team a"`)
	rec = b.do(t, call{method: "POST", path: "/v1/namespaces", token: b.key(t, []string{evokg.ScopeAdmin}, evokg.AllNamespaces), body: `{"name":"Not Valid"}`})
	require.Equal(t, http.StatusUnprocessableEntity, rec.Code)
	require.Equal(t, "/name", problemOf(t, rec.Body.Bytes()).Errors[0].Pointer)
}

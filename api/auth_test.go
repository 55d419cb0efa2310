package api_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
)

func problemOf(t *testing.T, body []byte) api.Problem {
	t.Helper()
	var p api.Problem
	require.NoError(t, json.Unmarshal(body, &p))
	return p
}

func TestAuthMissingAndBadKeys(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	path := "/v1/namespaces/" + ns + "/skills"
	for name, token := range map[string]string{
		"none":      "",
		"malformed": "not-a-key",
		"unknown":   "evk_deadbeef_" + strings.Repeat("x", 43),
	} {
		rec := b.do(t, call{method: "GET", path: path, token: token})
		require.Equal(t, http.StatusUnauthorized, rec.Code, name)
		require.Equal(t, "application/problem+json", rec.Header().Get("Content-Type"), name)
		require.Contains(t, rec.Header().Get("WWW-Authenticate"), "Bearer", name)
		p := problemOf(t, rec.Body.Bytes())
		require.Equal(t, "urn:evokg:problem:unauthorized", p.Type, name)
		require.Equal(t, path, p.Instance, name)
		require.NotEmpty(t, p.RequestID, name)
	}
	require.Zero(t, b.fakes.calls.Load())
}

func TestAuthRevokedKeyIsRefused(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	token := b.key(t, []string{evokg.ScopeMemoryRead}, ns)
	path := "/v1/namespaces/" + ns + "/skills"
	require.Equal(t, http.StatusOK, b.do(t, call{method: "GET", path: path, token: token}).Code)
	k, err := b.keys.Authenticate(t.Context(), token)
	require.NoError(t, err)
	require.NoError(t, b.keys.Revoke(t.Context(), k.ID))
	require.Equal(t, http.StatusUnauthorized, b.do(t, call{method: "GET", path: path, token: token}).Code)
}

func TestAuthScopes(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	read := b.key(t, []string{evokg.ScopeMemoryRead}, ns)
	p := "/v1/namespaces/" + ns
	id := "0190b5a0-0000-7000-8000-000000000001"
	cases := []struct {
		c      call
		status int
	}{
		{call{method: "GET", path: p + "/skills"}, 200},
		{call{method: "GET", path: p + "/experiences/" + id + "/utility"}, 200},
		{call{method: "GET", path: p + "/experiences/utility?state=quarantined"}, 200},
		{call{method: "POST", path: p + "/experiences", body: `{"task_type":"a","question":"q"}`}, 403},
		{call{method: "POST", path: p + "/experiences/" + id + "/quarantine", body: `{"reason":"r"}`}, 403},
		{call{method: "POST", path: p + "/experiences/" + id + "/restore", body: `{"reason":"r"}`}, 403},
		{call{method: "POST", path: p + "/evolution-runs", body: `{"pool":[{"question":"q","task_type":"a","gold":"g"}]}`}, 403},
		{call{method: "POST", path: p + "/maintenance/prune", body: `{"threshold":0.2}`}, 403},
		{call{method: "POST", path: "/v1/namespaces", body: `{"name":"` + ns + `"}`}, 403},
	}
	for _, tc := range cases {
		tc.c.token = read
		rec := b.do(t, tc.c)
		require.Equal(t, tc.status, rec.Code, "%s %s: %s", tc.c.method, tc.c.path, rec.Body.String())
		if tc.status == 403 {
			require.Contains(t, problemOf(t, rec.Body.Bytes()).Detail, "scope")
		}
	}
	require.EqualValues(t, 3, b.fakes.calls.Load())
}

// TestNamespaceIsolation: a key for namespace A can never read or write B,
// whatever its scopes, on any route.
func TestNamespaceIsolation(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	nsA, nsB := b.namespace(t), b.namespace(t)
	tokenA := b.key(t, evokg.Scopes, nsA)
	id := "0190b5a0-0000-7000-8000-000000000001"
	routes := []call{
		{method: "GET", path: ""},
		{method: "POST", path: "/experiences", body: `{"task_type":"a","question":"q"}`},
		{method: "POST", path: "/experiences/batch", body: `[{"task_type":"a","question":"q"}]`},
		{method: "GET", path: "/experiences"},
		{method: "GET", path: "/experiences/" + id},
		{method: "DELETE", path: "/experiences/" + id},
		{method: "GET", path: "/experiences/utility?state=probationary"},
		{method: "GET", path: "/experiences/" + id + "/utility"},
		{method: "POST", path: "/experiences/" + id + "/quarantine", body: `{"reason":"r"}`},
		{method: "POST", path: "/experiences/" + id + "/restore", body: `{"reason":"r"}`},
		{method: "POST", path: "/retrieve", body: `{"question":"q","task_type":"a"}`},
		{method: "POST", path: "/answer", body: `{"question":"q","task_type":"a"}`},
		{method: "POST", path: "/answers/" + id + "/feedback", body: `{"reward":1}`},
		{method: "GET", path: "/skills"},
		{method: "GET", path: "/skills/frontier"},
		{method: "GET", path: "/skills/x"},
		{method: "GET", path: "/task-types"},
		{method: "POST", path: "/evolution-runs", body: `{"pool":[{"question":"q","task_type":"a","gold":"g"},{"question":"r","task_type":"a","gold":"h"}]}`},
		{method: "GET", path: "/evolution-runs"},
		{method: "GET", path: "/evolution-runs/" + id},
		{method: "POST", path: "/evolution-runs/" + id + "/cancel"},
		{method: "GET", path: "/graph/neighbors?seed=" + id},
		{method: "POST", path: "/graph/neighbors", body: `{"seeds":["` + id + `"]}`},
		{method: "POST", path: "/graph/signature-matches", body: `{"signature":["a"]}`},
		{method: "GET", path: "/usage"},
		{method: "GET", path: "/bandits"},
		{method: "POST", path: "/maintenance/prune", body: `{"threshold":0.2}`},
	}
	for _, c := range routes {
		c.token = tokenA
		own := c
		own.path = "/v1/namespaces/" + nsA + c.path
		c.path = "/v1/namespaces/" + nsB + c.path
		rec := b.do(t, c)
		require.Equal(t, http.StatusForbidden, rec.Code, "%s %s: %s", c.method, c.path, rec.Body.String())
		require.Contains(t, problemOf(t, rec.Body.Bytes()).Detail, nsB)
		require.NotEqual(t, http.StatusForbidden, b.do(t, own).Code, "%s %s", own.method, own.path)
	}
	rec := b.do(t, call{method: "POST", path: "/v1/namespaces", token: tokenA, body: `{"name":"` + nsB + `"}`})
	require.Equal(t, http.StatusForbidden, rec.Code)
	require.EqualValues(t, len(routes)-1, b.fakes.calls.Load(), "only A's calls reach the services (GET namespace is a store)")
}

func TestWildcardKeyReachesEveryNamespace(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	nsA, nsB := b.namespace(t), b.namespace(t)
	token := b.key(t, []string{evokg.ScopeMemoryRead}, evokg.AllNamespaces)
	for _, ns := range []string{nsA, nsB} {
		require.Equal(t, http.StatusOK, b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/skills", token: token}).Code)
	}
}

package api_test

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
)

func TestProblemTable(t *testing.T) {
	t.Parallel()
	cases := []struct {
		err    error
		status int
	}{
		{evokg.Errorf(evokg.ECONFLICT, "idempotency key reused"), 409},
		{evokg.Errorf(evokg.ENOTFOUND, "no experience"), 404},
		{evokg.Errorf(evokg.ELIMIT, "30 skills"), 422},
		{evokg.Errorf(evokg.EQUOTA, "4 active runs"), 429},
		{evokg.Errorf(evokg.EUNAVAILABLE, "model server down"), 503},
		{evokg.Errorf(evokg.ETIMEOUT, "neo4j slow"), 504},
		{evokg.Invalid(evokg.FieldError{Pointer: "/x", Detail: "bad"}), 422},
		{fmt.Errorf("wrapped: %w", evokg.Errorf(evokg.EFORBIDDEN, "no")), 403},
	}
	for _, tc := range cases {
		b := setup(t, setupOpts{})
		b.fakes.err = tc.err
		ns := b.namespace(t)
		rec := b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/skills", token: b.key(t, evokg.Scopes, ns)})
		require.Equal(t, tc.status, rec.Code, tc.err.Error())
		p := problemOf(t, rec.Body.Bytes())
		require.Equal(t, tc.status, p.Status)
		require.Equal(t, "urn:evokg:problem:"+evokg.ErrorCode(tc.err), p.Type)
		require.Equal(t, evokg.ErrorMessage(tc.err), p.Detail)
	}
}

func TestInternalErrorsAreNotEchoed(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fakes.err = errors.New("pq: password authentication failed for user secret-user")
	ns := b.namespace(t)
	rec := b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/usage", token: b.key(t, evokg.Scopes, ns)})
	require.Equal(t, http.StatusInternalServerError, rec.Code)
	require.NotContains(t, rec.Body.String(), "secret-user")
	require.Contains(t, problemOf(t, rec.Body.Bytes()).Detail, "request id")
}

func TestDeleteProtectedMemoryExplainsAppendOnly(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fakes.err = evokg.Errorf(evokg.EPROTECTED, "experience is a success memory")
	ns := b.namespace(t)
	rec := b.do(t, call{method: "DELETE", path: "/v1/namespaces/" + ns + "/experiences/0190b5a0-0000-7000-8000-000000000001",
		token: b.key(t, evokg.Scopes, ns)})
	require.Equal(t, http.StatusConflict, rec.Code)
	p := problemOf(t, rec.Body.Bytes())
	require.Equal(t, "urn:evokg:problem:protected", p.Type)
	require.Contains(t, p.Detail, "append-only")
}

func TestValidationAndDecoding(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	p := "/v1/namespaces/" + ns
	id := "0190b5a0-0000-7000-8000-000000000001"
	cases := []struct {
		c       call
		status  int
		pointer string
	}{
		{call{method: "POST", path: p + "/retrieve", body: `{"question":"q","task_type":"a","tenant":"x"}`}, 400, "/tenant"},
		{call{method: "POST", path: p + "/retrieve", body: `{"question":"q","task_type":3}`}, 400, "/task_type"},
		{call{method: "POST", path: p + "/retrieve", body: `{"question":"q"`}, 400, ""},
		{call{method: "POST", path: p + "/retrieve", body: `{"question":"q","task_type":"a"} {}`}, 400, ""},
		{call{method: "POST", path: p + "/retrieve", body: `{"question":"q"}`}, 422, "/task_type"},
		{call{method: "POST", path: p + "/answers/0190b5a0-0000-7000-8000-000000000001/feedback", body: `{"reward":1.5}`}, 422, "/reward"},
		{call{method: "GET", path: p + "/experiences/not-a-uuid"}, 422, "/id"},
		{call{method: "GET", path: p + "/experiences?limit=1000"}, 422, "/limit"},
		{call{method: "POST", path: p + "/experiences", body: `{"task_type":"a","question":"q","outcome":"gossip"}`}, 422, "/outcome"},
		{call{method: "POST", path: p + "/experiences/batch", body: `[{"task_type":"a","question":"q"},{"question":"q"}]`}, 422, "/1/task_type"},
		{call{method: "POST", path: p + "/experiences/" + id + "/quarantine", body: `{}`}, 422, "/reason"},
		{call{method: "POST", path: p + "/experiences/" + id + "/quarantine", body: `{"reason":"` + strings.Repeat("r", 1001) + `"}`}, 422, "/reason"},
		{call{method: "POST", path: p + "/experiences/" + id + "/restore", body: `{"reason":""}`}, 422, "/reason"},
		{call{method: "POST", path: p + "/experiences/" + id + "/restore", body: `{"reason":7}`}, 400, "/reason"},
		{call{method: "POST", path: p + "/experiences/" + id + "/restore", body: `{"reason":"r","state":"active"}`}, 400, "/state"},
		{call{method: "POST", path: p + "/experiences/not-a-uuid/quarantine", body: `{"reason":"r"}`}, 422, "/id"},
		{call{method: "GET", path: p + "/experiences/not-a-uuid/utility"}, 422, "/id"},
		{call{method: "GET", path: p + "/experiences/utility"}, 422, "/state"},
		{call{method: "GET", path: p + "/experiences/utility?state=active"}, 422, "/state"},
		{call{method: "GET", path: p + "/experiences/utility?state=quarantined&cursor=bad"}, 422, "/cursor"},
		{call{method: "GET", path: p + "/experiences/utility?state=quarantined&limit=0"}, 422, "/limit"},
	}
	for _, tc := range cases {
		tc.c.token = token
		rec := b.do(t, tc.c)
		require.Equal(t, tc.status, rec.Code, "%s: %s", tc.c.body, rec.Body.String())
		prob := problemOf(t, rec.Body.Bytes())
		require.NotEmpty(t, prob.Errors, tc.c.body)
		require.Equal(t, tc.pointer, prob.Errors[0].Pointer, tc.c.body)
	}
	require.Zero(t, b.fakes.calls.Load(), "invalid requests never reach a service")
}

func TestBodyLimits(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: api.Config{MaxBodyBytes: 4 << 10, MaxBatchBodyBytes: 64 << 10, MaxBatchItems: 50}})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	p := "/v1/namespaces/" + ns
	big := strings.Repeat("x", 8<<10)
	rec := b.do(t, call{method: "POST", path: p + "/experiences", token: token, body: `{"task_type":"a","question":"` + big + `"}`})
	require.Equal(t, http.StatusRequestEntityTooLarge, rec.Code)

	item := `{"task_type":"a","question":"` + strings.Repeat("y", 1<<10) + `"}`
	batch := "[" + strings.TrimSuffix(strings.Repeat(item+",", 20), ",") + "]"
	rec = b.do(t, call{method: "POST", path: p + "/experiences/batch", token: token, body: batch})
	require.Equal(t, http.StatusAccepted, rec.Code, "a 20 KiB batch passes the batch limit though over the default one: %s", rec.Body.String())

	small := `{"task_type":"a","question":"q"}`
	rec = b.do(t, call{method: "POST", path: p + "/experiences/batch", token: token, body: "[" + strings.TrimSuffix(strings.Repeat(small+",", 51), ",") + "]"})
	require.Equal(t, http.StatusRequestEntityTooLarge, rec.Code, "51 items are over MaxBatchItems")

	ndjson := strings.Repeat(small+"\n", 3)
	rec = b.do(t, call{method: "POST", path: p + "/experiences/batch", token: token, body: ndjson, header: map[string]string{"Content-Type": "application/x-ndjson"}})
	require.Equal(t, http.StatusAccepted, rec.Code, rec.Body.String())
	require.Equal(t, 3, strings.Count(rec.Body.String(), `"id"`))
}

func TestRateLimitPerKey(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: api.Config{RateLimit: 3, RateWindow: time.Hour}})
	ns := b.namespace(t)
	first, second := b.key(t, evokg.Scopes, ns), b.key(t, evokg.Scopes, ns)
	path := "/v1/namespaces/" + ns + "/skills"
	for range 3 {
		require.Equal(t, http.StatusOK, b.do(t, call{method: "GET", path: path, token: first}).Code)
	}
	rec := b.do(t, call{method: "GET", path: path, token: first})
	require.Equal(t, http.StatusTooManyRequests, rec.Code)
	require.NotEmpty(t, rec.Header().Get("Retry-After"))
	require.Equal(t, "urn:evokg:problem:rate_limited", problemOf(t, rec.Body.Bytes()).Type)
	require.Equal(t, http.StatusOK, b.do(t, call{method: "GET", path: path, token: second}).Code, "another key has its own budget")
}

func TestRequestTimeout(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: api.Config{RequestTimeout: 50 * time.Millisecond}})
	b.fakes.block = true
	ns := b.namespace(t)
	rec := b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/bandits", token: b.key(t, evokg.Scopes, ns)})
	require.Equal(t, http.StatusGatewayTimeout, rec.Code)
	require.Equal(t, "urn:evokg:problem:timeout", problemOf(t, rec.Body.Bytes()).Type)
}

func TestUnknownRouteAndMethod(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	rec := b.do(t, call{method: "GET", path: "/v2/nothing"})
	require.Equal(t, http.StatusNotFound, rec.Code)
	require.Equal(t, "application/problem+json", rec.Header().Get("Content-Type"))
	rec = b.do(t, call{method: "DELETE", path: "/healthz"})
	require.Equal(t, http.StatusMethodNotAllowed, rec.Code)
	require.NotEmpty(t, rec.Header().Get("X-Request-Id"))
}

func TestCORSOnlyWhenConfigured(t *testing.T) {
	t.Parallel()
	for _, origins := range [][]string{nil, {"https://app.example"}} {
		b := setup(t, setupOpts{cfg: api.Config{CORSOrigins: origins}})
		rec := b.do(t, call{method: "GET", path: "/healthz", header: map[string]string{"Origin": "https://app.example"}})
		require.Equal(t, len(origins) > 0, rec.Header().Get("Access-Control-Allow-Origin") == "https://app.example", "origins %v", origins)
	}
}

func TestPanicBecomesProblem(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	b.fakes.panics = true
	ns := b.namespace(t)
	rec := b.do(t, call{method: "GET", path: "/v1/namespaces/" + ns + "/task-types", token: b.key(t, evokg.Scopes, ns)})
	require.Equal(t, http.StatusInternalServerError, rec.Code)
	p := problemOf(t, rec.Body.Bytes())
	require.Equal(t, "urn:evokg:problem:internal", p.Type)
	require.NotContains(t, rec.Body.String(), "fake service bug")
}

package contract_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// problem is the part of a problem document these tests read.
type problem struct {
	Code   string `json:"code"`
	Errors []struct {
		Pointer string `json:"pointer"`
	} `json:"errors"`
}

func (s server) do(t *testing.T, method, path, body string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, s.url+path, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+s.token)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

// createNamespace creates the namespace name on the server.
func (s server) createNamespace(t *testing.T, name string) {
	t.Helper()
	resp, body := s.do(t, "POST", "/v1/namespaces", `{"name":"`+name+`"}`)
	require.Equal(t, http.StatusCreated, resp.StatusCode, string(body))
}

// TestBadTextIsRejectedAndStoresNothing sends the text the issue found
// answered with a 500 or a 503 (a NUL in question or task_type), and the
// other text rules, to the real server: each is a 422 naming the field,
// and the namespace holds nothing afterwards.
func TestBadTextIsRejectedAndStoresNothing(t *testing.T) {
	s := startServer(t)
	s.createNamespace(t, "text-rules")
	p := "/v1/namespaces/text-rules"
	deep := strings.Repeat(`{"a":`, 40) + "1" + strings.Repeat("}", 40)
	cases := []struct {
		method, path, body, pointer string
	}{
		{"POST", "/experiences", `{"task_type":"t","question":"a\u0000b"}`, "/question"},
		{"POST", "/experiences", `{"task_type":"t\u0000","question":"q"}`, "/task_type"},
		{"POST", "/experiences", `{"task_type":"t","question":"\ud800"}`, "/question"},
		{"POST", "/experiences", "{\"task_type\":\"t\",\"question\":\"\xff\"}", "/question"},
		{"POST", "/experiences", `{"task_type":"t","question":"q","procedure":{"name":"p","params":` + deep + `}}`, "/procedure/params" + strings.Repeat("/a", 30)}, // the 33rd level,
		{"POST", "/experiences", `{"task_type":"` + strings.Repeat("x", 201) + `","question":"q"}`, "/task_type"},
		{"POST", "/experiences/batch", `[{"task_type":"t","question":"q"},{"task_type":"t","question":"\u0000"}]`, "/1/question"},
		{"POST", "/answer", `{"task_type":"t","question":"a\u0000b"}`, "/question"},
		{"POST", "/retrieve", `{"task_type":"t","question":"a\u0000b"}`, "/question"},
		{"GET", "/experiences?task_type=a%00b", "", "/task_type"},
		{"GET", "/experiences?task_type=%ff", "", "/task_type"},
		{"GET", "/skills/a%00b", "", "/name"},
		{"GET", "/usage?run_id=", "", "/run_id"},
		{"GET", "/graph/neighbors?seed=0190b5a0-0000-7000-8000-000000000001&limit=0", "", "/limit"},
		{"POST", "/experiences", `{"task_type":"","question":"q"}`, "/task_type"},
	}
	for _, c := range cases {
		resp, body := s.do(t, c.method, p+c.path, c.body)
		require.Equal(t, http.StatusUnprocessableEntity, resp.StatusCode, "%s %s %s: %s", c.method, c.path, c.body, body)
		require.Equal(t, "application/problem+json", resp.Header.Get("Content-Type"))
		var prob problem
		require.NoError(t, json.Unmarshal(body, &prob))
		require.NotEmpty(t, prob.Errors, string(body))
		require.Equal(t, c.pointer, prob.Errors[0].Pointer, "%s %s %s: %s", c.method, c.path, c.body, body)
	}

	resp, body := s.do(t, "GET", p+"/experiences", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.JSONEq(t, `{"items":[]}`, string(body), "no experience was stored")
	resp, body = s.do(t, "GET", p+"/usage", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.JSONEq(t, `{"rows":[],"teacher_calls":0,"learner_calls":0,"teacher_share":0}`, string(body), "no model was called")
	resp, body = s.do(t, "GET", p+"/bandits", "")
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.JSONEq(t, `{"items":[]}`, string(body), "no answer was recorded")
}

// TestEmptyListsAndAllow checks two promises of the document on the real
// server: an answer without memories lists none as [] (not null), and a
// 405 says which methods the path has.
func TestEmptyListsAndAllow(t *testing.T) {
	s := startServer(t)
	s.createNamespace(t, "empty-lists")
	resp, body := s.do(t, "POST", "/v1/namespaces/empty-lists/answer", `{"task_type":"t","question":"What is 2 + 2?"}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	var ans map[string]any
	require.NoError(t, json.Unmarshal(body, &ans))
	require.Equal(t, []any{}, ans["memory_ids"], string(body))
	resp, body = s.do(t, "POST", "/v1/namespaces/empty-lists/retrieve", `{"task_type":"t","question":"What is 2 + 2?"}`)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	require.Contains(t, string(body), `"memories":[]`)

	resp, _ = s.do(t, "DELETE", "/v1/namespaces/empty-lists/skills", "")
	require.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	require.Equal(t, "GET", resp.Header.Get("Allow"))
	resp, _ = s.do(t, "GET", "/v1/namespaces/empty-lists/experiences/batch", "")
	require.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode)
	require.Equal(t, "POST", resp.Header.Get("Allow"))
}

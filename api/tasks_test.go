package api_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
)

// The document is the task API's validator: a validator without the field
// its kind needs, or an unknown kind, is refused before the service runs;
// without an allow-list the webhook kind is not offered.
func TestTaskRequestsAreCheckedByTheDocument(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	for _, body := range []string{
		`{"question":"q","task_type":"t","validator":{"kind":"exact"}}`,
		`{"question":"q","task_type":"t","validator":{"kind":"code","gold":"4"}}`,
		`{"question":"q","task_type":"t","validator":{"kind":"regex","gold":"4"}}`,
		`{"question":"q","task_type":"t","validator":{"kind":"webhook","url":"http://127.0.0.1/check"}}`,
		`{"question":"q","task_type":"t","validator":{"kind":"exact","gold":"4"},"max_iterations":21}`,
	} {
		rec := b.do(t, call{method: "POST", path: "/v1/namespaces/" + ns + "/tasks", body: body, token: token})
		require.Contains(t, []int{400, 422}, rec.Code, body)
	}
	require.Zero(t, b.fakes.calls.Load(), "a refused request reaches no service")

	rec := b.do(t, call{method: "GET", path: "/openapi.json"})
	var doc struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Enum []string `json:"enum"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &doc))
	require.Equal(t, []string{"exact", "normalized", "json_schema", "code"}, doc.Components.Schemas["ValidatorSpec"].Properties["kind"].Enum)
}

// With an allow-list the document offers the webhook validator on its
// hosts only: another host is refused before the service runs.
func TestWebhookAllowListIsInTheDocument(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: api.Config{WebhookHosts: []string{"checker.internal", "127.0.0.1:9000"}}})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	post := func(url string) int {
		body := `{"question":"q","task_type":"t","validator":{"kind":"webhook","url":"` + url + `"}}`
		return b.do(t, call{method: "POST", path: "/v1/namespaces/" + ns + "/tasks", body: body, token: token}).Code
	}
	require.Equal(t, 202, post("https://checker.internal:8443/verdict?task=1"))
	require.Equal(t, 202, post("http://127.0.0.1:9000/check"))
	require.Equal(t, 422, post("http://127.0.0.1:9001/check"))
	require.Equal(t, 422, post("http://checker.internal.evil.example/check"))
	require.Equal(t, 422, post("http://user@checker.internal/check"))
	require.EqualValues(t, 2, b.fakes.calls.Load())
}

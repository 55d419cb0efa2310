package api_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/api"
)

// TestLearnerProfileRefusals: a hand-set profile and a calibration request
// are checked against the document (renderings, bounds, 1..200 items,
// 1..8 candidates) before any service runs; setting or calibrating needs
// the evolve scope, reading memory:read.
func TestLearnerProfileRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{})
	ns := b.namespace(t)
	token := b.key(t, evokg.Scopes, ns)
	p := "/v1/namespaces/" + ns + "/learner-profile"
	refuse(t, b, "PUT", p, token, []refusal{
		{`{"render":"scroll","reasoning":true}`, 422, "/render"},
		{`{"reasoning":true}`, 422, "/render"},
		{`{"render":"block"}`, 422, "/reasoning"},
		{`{"render":"block","reasoning":true,"memories":21}`, 422, "/memories"},
		{`{"render":"block","reasoning":true,"memories":-1}`, 422, "/memories"},
		{`{"render":"block","reasoning":true,"item_chars":79}`, 422, "/item_chars"},
		{`{"render":"block","reasoning":true,"item_chars":4001}`, 422, "/item_chars"},
		{`{"render":"block","reasoning":"yes"}`, 400, "/reasoning"},
		{`{"render":"block","reasoning":true,"model":"m"}`, 400, "/model"},
	})
	refuse(t, b, "PUT", p+"?model=", token, []refusal{{`{"render":"block","reasoning":true}`, 422, "/model"}})
	refuse(t, b, "PUT", p+"?model=a%00b", token, []refusal{{`{"render":"block","reasoning":true}`, 422, "/model"}})

	item := func(i int) string {
		return fmt.Sprintf(`{"id":"v%d","question":"%d+1?","answer":"%d","task_type":"arithmetic"}`, i, i, i+1)
	}
	items := func(n int) string {
		out := make([]string, n)
		for i := range out {
			out[i] = item(i)
		}
		return "[" + strings.Join(out, ",") + "]"
	}
	candidates := func(n int) string {
		return "[" + strings.TrimSuffix(strings.Repeat(`{"render":"turns","reasoning":false},`, n), ",") + "]"
	}
	refuse(t, b, "POST", p+"/calibrate", token, []refusal{
		{`{}`, 422, "/items"},
		{`{"items":[]}`, 422, "/items"},
		{`{"items":` + items(evokg.MaxCalibrationItems+1) + `}`, 422, "/items"},
		{`{"items":` + items(2) + `,"candidates":[]}`, 422, "/candidates"},
		{`{"items":` + items(2) + `,"candidates":` + candidates(evokg.MaxCalibrationCandidates+1) + `}`, 422, "/candidates"},
		{`{"items":` + items(2) + `,"candidates":[{"render":"block","reasoning":true},{"render":"turns","reasoning":true,"memories":99}]}`, 422, "/candidates/1/memories"},
		{`{"items":[{"id":"v1","question":"q","task_type":"t"}]}`, 422, "/items/0/answer"},
		{`{"items":[{"id":"v1","question":"","answer":"a","task_type":"t"}]}`, 422, "/items/0/question"},
		{`{"items":[{"id":"","question":"q","answer":"a","task_type":"t"}]}`, 422, "/items/0/id"},
		{`{"items":[{"id":"v1","question":"q","answer":"a","task_type":"t","split":"test"}]}`, 400, "/items/0/split"},
		{`{"items":` + items(1) + `,"model":"other"}`, 400, "/model"},
	})

	read := b.key(t, []string{evokg.ScopeMemoryRead}, ns)
	write := b.key(t, []string{evokg.ScopeMemoryRead, evokg.ScopeMemoryWrite}, ns)
	for _, key := range []string{read, write} {
		rec := b.do(t, call{method: "PUT", path: p, token: key, body: `{"render":"block","reasoning":true}`})
		require.Equal(t, http.StatusForbidden, rec.Code)
		require.Contains(t, problemOf(t, rec.Body.Bytes()).Detail, evokg.ScopeEvolve)
		rec = b.do(t, call{method: "POST", path: p + "/calibrate", token: key, body: `{"items":` + items(1) + `}`})
		require.Equal(t, http.StatusForbidden, rec.Code)
	}
	require.Zero(t, b.fakes.calls.Load())

	rec := b.do(t, call{method: "GET", path: p, token: read})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	var got api.LearnerProfileState
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &got))
	require.Equal(t, fakeLearner, got.Model, "the learner model by default")
	require.True(t, got.Stored)
	evolve := b.key(t, []string{evokg.ScopeEvolve}, ns)
	rec = b.do(t, call{method: "PUT", path: p + "?model=llama3.1:8b", token: evolve, body: `{"render":"turns","memories":3,"item_chars":80,"reasoning":false}`})
	require.Equal(t, http.StatusOK, rec.Code, rec.Body.String())
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &got))
	require.Equal(t, "llama3.1:8b", got.Model)
	require.Equal(t, evokg.LearnerProfile{Render: evokg.RenderTurns, Memories: 3, ItemChars: 80}, got.Profile)
	require.Nil(t, got.Calibration, "set by hand")
	rec = b.do(t, call{method: "POST", path: p + "/calibrate", token: evolve, body: `{"items":` + items(evokg.MaxCalibrationItems) + `,"candidates":` + candidates(evokg.MaxCalibrationCandidates) + `}`})
	require.Equal(t, http.StatusOK, rec.Code, "the bounds themselves pass: %s", rec.Body.String())
}

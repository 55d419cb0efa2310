package api

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/stretchr/testify/require"
)

// decodeIngestJSON reads every ingest body as decodeJSON does: the same
// value from the bodies it accepts, the same error from those it refuses.
func TestDecodeIngestJSONReadsAsDecodeJSON(t *testing.T) {
	t.Parallel()
	one := `{"task_type":"arith","outcome":"success_memory","question":"2+2?","answer":"4",` +
		`"evaluation":{"correct":0.9,"efficient":0.5,"complete":1},"signature":["op:add"],` +
		`"supersedes":"6f0d2a47-8a51-4c36-9a43-1d3f5b8e2c11","embedding":[0.125,-1e-7,3.4028235e38,0,1],` +
		`"id":"6f0d2a47-8a51-4c36-9a43-1d3f5b8e2c10","namespace":"ns","version":2,"created_at":"2026-12-03T10:00:00Z"}`
	bodies := []string{
		one,
		`[` + one + `,{"task_type":"b"}]`,
		`{"TASK_TYPE":"arith","Question":"case-insensitive keys"}`,
		"{\"task_type\":\"bad \xff byte\"}",
		`{"task_type":"dup","task_type":"last wins"}`,
		`{"task_type":"nulls","evaluation":null,"embedding":null,"id":null,"created_at":null}`,
		`{}`, `[]`,
		// refused
		``, `   `, `{"task_type":"x","bogus":1}`, `{"task_type":7}`, `{"embedding":[1,"a"]}`,
		`{"embedding":[1e39]}`, `{"task_type":"x"`, `{"task_type":"x"} {"task_type":"y"}`,
		`{"task_type":"x"} trailing`, `{"id":"not-a-uuid"}`, `{"created_at":"yesterday"}`,
		`{"version":"2"}`, `[{"task_type":"a"},{"bogus":1}]`, `null`,
	}
	require.NoError(t, strictJSON.Unmarshal([]byte(one), &ingestBody{}), "a valid body takes the fast decoder")
	for _, body := range bodies {
		for _, list := range []bool{false, true} {
			want, wantErr := decodeWith(decodeJSON, body, list)
			got, gotErr := decodeWith(decodeIngestJSON, body, list)
			require.Equal(t, wantErr, gotErr, "%q", body)
			require.Equal(t, want, got, "%q", body)
		}
	}
}

// decodeWith decodes body into an ingestBody, or a list of them.
func decodeWith(decode func(*http.Request, any) error, body string, list bool) (any, error) {
	r := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body))
	if list {
		var v []ingestBody
		err := decode(r, &v)
		return v, err
	}
	var v ingestBody
	err := decode(r, &v)
	return v, err
}

// BenchmarkDecodeIngestBody decodes a single-request body with a 768-d
// embedding, as encoding/json (decodeJSON) and as sonic (decodeIngestJSON).
func BenchmarkDecodeIngestBody(b *testing.B) {
	body := ingestBodyText()
	for _, c := range []struct {
		name   string
		decode func(*http.Request, any) error
	}{{"encoding-json", decodeJSON}, {"sonic", decodeIngestJSON}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				var v ingestBody
				if err := c.decode(httptest.NewRequest(http.MethodPost, "/", strings.NewReader(body)), &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkContractCheckIngestBody checks a single-request body with a
// 768-d embedding against the document, as conform does for every
// request: the schema validation that runs before the handler decodes.
func BenchmarkContractCheckIngestBody(b *testing.B) {
	c, err := newContract(Config{EmbeddingDim: 768})
	require.NoError(b, err)
	body := ingestBodyText()
	for b.Loop() {
		r := httptest.NewRequest(http.MethodPost, "/v1/namespaces/bench/experiences", strings.NewReader(body))
		r.Header.Set("Content-Type", "application/json")
		rctx := chi.NewRouteContext()
		rctx.RoutePatterns = []string{"/v1/namespaces/{ns}/experiences"}
		rctx.URLParams.Add("ns", "bench")
		r = r.WithContext(context.WithValue(r.Context(), chi.RouteCtxKey, rctx))
		if err := c.check(r); err != nil {
			b.Fatal(err)
		}
	}
}

// ingestBodyText is a single-request body with a 768-d embedding.
func ingestBodyText() string {
	var sb strings.Builder
	sb.WriteString(`{"task_type":"arith","outcome":"success_memory","question":"what is two plus two?","answer":"4",` +
		`"evaluation":{"correct":1,"efficient":1,"complete":1},"signature":["parse","add"],"embedding":[`)
	for i := range 768 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, "%.8f", float64(i%97)/97-0.5)
	}
	sb.WriteString(`]}`)
	return sb.String()
}

// jsonValue decodes as encoding/json does after the text rules: the same
// value from the bodies it accepts (numbers as float64, the last of
// duplicate keys), the same error for the others.
func TestJSONValueDecodesAsEncodingJSON(t *testing.T) {
	t.Parallel()
	bodies := []string{
		ingestBodyText(), `{"a":[1,2.5,-3e-7,1e308,0],"b":{"c":null,"d":true},"e":"x"}`,
		"{\"bad\":\"\xff byte\"}", `{"lone":"\ud800"}`, `{"k":1,"k":2}`, `[]`, `"s"`, `12`, `null`,
		` {"spaces":true} `,
		// refused
		`{"a":1e400}`, `{"a":1`, `{"a":1} {"b":2}`, `{"a":1} x`, `{'a':1}`, `[1,]`, `{"a":01}`, `nul`,
	}
	for _, body := range bodies {
		want, wantErr := strictJSONValue([]byte(body))
		got, err := jsonValue([]byte(body))
		require.Equal(t, wantErr, err, "%q", body)
		require.Equal(t, want, got, "%q", body)
	}
	var fast any
	require.NoError(t, lenientJSON.Unmarshal([]byte(ingestBodyText()), &fast), "a valid body takes the fast decoder")
}

// strictJSONValue is jsonValue with encoding/json alone.
func strictJSONValue(raw []byte) (any, error) {
	if err := checkJSONText(raw); err != nil {
		return nil, err
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil, decodeError(err)
	}
	return v, nil
}

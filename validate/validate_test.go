package validate

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
)

func check(t *testing.T, cfg Config, spec evokg.ValidatorSpec, answer string) evokg.ValidationFeedback {
	t.Helper()
	v, err := New(cfg, spec)
	require.NoError(t, err)
	fb, err := v.Validate(context.Background(), Attempt{Question: "q", TaskType: "t", Answer: answer})
	require.NoError(t, err)
	return fb
}

func TestMatch(t *testing.T) {
	t.Parallel()
	cases := []struct {
		kind, gold, answer string
		outcome            string
	}{
		{evokg.ValidatorExact, "Paris", " Paris ", evokg.OutcomePass},
		{evokg.ValidatorExact, "Paris", "paris", evokg.OutcomeWrong},
		{evokg.ValidatorNormalized, "The Eiffel Tower", "eiffel tower.", evokg.OutcomePass},
		{evokg.ValidatorNormalized, "42", "#### 42", evokg.OutcomePass},
		{evokg.ValidatorNormalized, "1250", "$1,250", evokg.OutcomePass},
		{evokg.ValidatorNormalized, "42", "41", evokg.OutcomeWrong},
		{evokg.ValidatorNormalized, "42", "41 or 42", evokg.OutcomeForm},
		{evokg.ValidatorNormalized, "42", "forty-two", evokg.OutcomeForm},
	}
	for _, c := range cases {
		fb := check(t, Config{}, evokg.ValidatorSpec{Kind: c.kind, Gold: c.gold}, c.answer)
		require.Equal(t, c.outcome, fb.Outcome, "%s %q vs %q", c.kind, c.answer, c.gold)
		require.Equal(t, c.outcome == evokg.OutcomePass, fb.Passed)
		if !fb.Passed {
			require.NotEmpty(t, fb.RootCause)
			require.NotEmpty(t, fb.FixTarget)
			require.NotContains(t, fb.RootCause, c.gold, "feedback must not reveal the gold answer")
		}
	}
}

func TestJSONSchema(t *testing.T) {
	t.Parallel()
	spec := evokg.ValidatorSpec{Kind: evokg.ValidatorJSONSchema, Schema: json.RawMessage(
		`{"type":"object","properties":{"city":{"type":"string"},"population":{"type":"integer","minimum":0}},"required":["city","population"]}`)}
	require.True(t, check(t, Config{}, spec, "```json\n{\"city\":\"Oslo\",\"population\":700000}\n```").Passed)
	fb := check(t, Config{}, spec, `{"city":"Oslo","population":-3}`)
	require.Equal(t, evokg.OutcomeWrong, fb.Outcome)
	require.Equal(t, "/population", fb.FixTarget)
	require.Contains(t, fb.RootCause, "minimum")
	require.Equal(t, evokg.OutcomeForm, check(t, Config{}, spec, "Oslo has 700000 people").Outcome)
}

func TestSpecErrorsNameTheField(t *testing.T) {
	t.Parallel()
	cases := map[string]evokg.ValidatorSpec{
		"/validator/kind":   {Kind: "regex"},
		"/validator/gold":   {Kind: evokg.ValidatorExact},
		"/validator/schema": {Kind: evokg.ValidatorJSONSchema, Schema: json.RawMessage(`{"type":12}`)},
		"/validator/url":    {Kind: evokg.ValidatorWebhook, URL: "http://checker.example/verdict"},
	}
	for pointer, spec := range cases {
		_, err := New(Config{WebhookHosts: []string{"127.0.0.1"}}, spec)
		var e *evokg.Error
		require.ErrorAs(t, err, &e, pointer)
		require.Equal(t, evokg.EINVALID, e.Code)
		require.Equal(t, pointer, e.Fields[0].Pointer)
	}
}

func TestIterationsDefaultPerKind(t *testing.T) {
	t.Parallel()
	require.Equal(t, 3, Iterations(evokg.ValidatorCode))
	require.Equal(t, 10, Iterations(evokg.ValidatorNormalized))
	require.Equal(t, 10, Iterations(evokg.ValidatorWebhook))
}

func webhookSpec(t *testing.T, srv *httptest.Server, path string) (Config, evokg.ValidatorSpec) {
	u, err := url.Parse(srv.URL)
	require.NoError(t, err)
	return Config{WebhookHosts: []string{u.Host}}, evokg.ValidatorSpec{Kind: evokg.ValidatorWebhook, URL: srv.URL + path}
}

func TestWebhook(t *testing.T) {
	t.Parallel()
	var got Attempt
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		require.NoError(t, json.NewDecoder(r.Body).Decode(&got))
		if got.Answer == "7" {
			_, _ = w.Write([]byte(`{"passed":true}`))
			return
		}
		_, _ = w.Write([]byte(`{"passed":false,"outcome":"wrong","root_cause":"off by one","fix_target":"loop bound"}`))
	}))
	t.Cleanup(srv.Close)
	cfg, spec := webhookSpec(t, srv, "/check")
	require.True(t, check(t, cfg, spec, "7").Passed)
	require.Equal(t, "7", got.Answer)
	fb := check(t, cfg, spec, "6")
	require.Equal(t, evokg.ValidationFeedback{Outcome: evokg.OutcomeWrong, RootCause: "off by one", FixTarget: "loop bound"}, fb)
}

func TestWebhookRefusesRedirectsAndTimesOut(t *testing.T) {
	t.Parallel()
	redirected := false
	mux := http.NewServeMux()
	mux.HandleFunc("/moved", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/elsewhere", http.StatusFound) })
	mux.HandleFunc("/elsewhere", func(w http.ResponseWriter, r *http.Request) { redirected = true })
	release := make(chan struct{})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) { <-release })
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs first: the slow checker answers only after the test

	cfg, spec := webhookSpec(t, srv, "/moved")
	v, err := New(cfg, spec)
	require.NoError(t, err)
	_, err = v.Validate(context.Background(), Attempt{Answer: "x"})
	require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
	require.Contains(t, err.Error(), "302")
	require.False(t, redirected, "a redirect must not be followed")

	cfg, spec = webhookSpec(t, srv, "/slow")
	cfg.WebhookTimeout = 100 * time.Millisecond
	v, err = New(cfg, spec)
	require.NoError(t, err)
	_, err = v.Validate(context.Background(), Attempt{Answer: "x"})
	require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
}

func squareTests() []evokg.ToolTest {
	return []evokg.ToolTest{
		{Input: json.RawMessage(`{"n": 3}`), Expected: json.RawMessage(`9`)},
		{Input: json.RawMessage(`{"n": -4}`), Expected: json.RawMessage(`16`)},
	}
}

// Code runs in the asset sandbox against each test: a right program
// passes, a wrong one names the failing test, a runaway one the limit that
// stopped it, one without run(input) is of the wrong form.
func TestCodeRunsInTheSandbox(t *testing.T) {
	t.Parallel()
	spec := evokg.ValidatorSpec{Kind: evokg.ValidatorCode, Tests: squareTests()}
	require.True(t, check(t, Config{}, spec, "```python\ndef run(input):\n    return input[\"n\"] * input[\"n\"]\n```").Passed)

	fb := check(t, Config{}, spec, "def run(input):\n    return abs(input[\"n\"]) * 3")
	require.Equal(t, evokg.OutcomeWrong, fb.Outcome)
	require.Equal(t, `test 2: input {"n": -4} returned 12, expected 16`, fb.RootCause)

	fb = check(t, Config{}, spec, "def run(input):\n    n = 0\n    while True:\n        n += 1")
	require.Equal(t, evokg.OutcomeError, fb.Outcome)
	require.Equal(t, "limit: steps", fb.FixTarget)

	fb = check(t, Config{}, spec, "def main(input):\n    return 9")
	require.Equal(t, evokg.OutcomeForm, fb.Outcome)
	require.Equal(t, "code: no_run", fb.FixTarget)

	_, err := New(Config{}, evokg.ValidatorSpec{Kind: evokg.ValidatorCode})
	require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
}

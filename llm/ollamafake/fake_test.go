package ollamafake_test

import (
	"context"
	"encoding/json"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ollama/ollama/api"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg/llm/ollamafake"
)

func client(t *testing.T, s *ollamafake.Server) (*api.Client, string) {
	t.Helper()
	raw := s.Start(t)
	base, err := url.Parse(raw)
	require.NoError(t, err)
	return api.NewClient(base, &http.Client{Timeout: 10 * time.Second}), raw
}

func chat(t *testing.T, c *api.Client, req *api.ChatRequest) (string, []api.ChatResponse) {
	t.Helper()
	var parts []api.ChatResponse
	var text strings.Builder
	err := c.Chat(context.Background(), req, func(r api.ChatResponse) error {
		parts = append(parts, r)
		text.WriteString(r.Message.Content)
		return nil
	})
	require.NoError(t, err)
	return text.String(), parts
}

func TestChatStreamsNDJSON(t *testing.T) {
	t.Parallel()
	s := ollamafake.New(ollamafake.Options{ChunkWords: 2})
	s.AddRule(ollamafake.Rule{Model: "llama3.1:8b", Pattern: regexp.MustCompile(`(?i)capital`), Reply: "The capital of France is Paris."})
	c, _ := client(t, s)
	msgs := []api.Message{{Role: "user", Content: "What is the capital of France?"}}

	text, parts := chat(t, c, &api.ChatRequest{Model: "llama3.1:8b", Messages: msgs})
	require.Equal(t, "The capital of France is Paris.", text)
	require.Len(t, parts, 4) // three chunks of at most two words and the done chunk
	last := parts[len(parts)-1]
	require.True(t, last.Done)
	require.Equal(t, "stop", last.DoneReason)
	require.Equal(t, 6, last.PromptEvalCount)
	require.Equal(t, 6, last.EvalCount)

	no := false
	text, parts = chat(t, c, &api.ChatRequest{Model: "llama3.1:8b", Messages: msgs, Stream: &no})
	require.Equal(t, "The capital of France is Paris.", text)
	require.Len(t, parts, 1)

	text, _ = chat(t, c, &api.ChatRequest{Model: "qwen3:8b", Messages: msgs, Stream: &no})
	require.Equal(t, ollamafake.DefaultReply, text, "the rule is for another model")
	require.Equal(t, 2, s.CountModel("llama3.1:8b"))
	require.Equal(t, 1, s.CountModel("qwen3:8b"))
	require.Equal(t, "What is the capital of France?", s.Requests()[0].Chat.Prompt)
}

func TestSchemaDefaultsAndScripts(t *testing.T) {
	t.Parallel()
	s := ollamafake.New(ollamafake.Options{})
	c, _ := client(t, s)
	no := false
	schema := json.RawMessage(`{"title":"grade","type":"object","properties":{"score":{"type":"number","minimum":0,"maximum":1},` +
		`"label":{"type":"string","enum":["good","bad"]},"steps":{"type":"array","items":{"type":"string"},"minItems":2},` +
		`"n":{"type":"integer","minimum":3},"ok":{"type":"boolean"}},"required":["score","label","steps","n","ok"]}`)
	req := &api.ChatRequest{Model: "qwen3:8b", Messages: []api.Message{{Role: "user", Content: "grade it"}}, Stream: &no, Format: schema}
	text, _ := chat(t, c, req)
	require.JSONEq(t, `{"score":0.5,"label":"good","steps":["fake_step_1","fake_step_2"],"n":3,"ok":true}`, text)

	req.Format = json.RawMessage(`"json"`)
	text, _ = chat(t, c, req)
	require.Equal(t, "{}", text)

	s.AddRule(ollamafake.Rule{Task: "grade", Reply: "rule"})
	s.Script(func(v ollamafake.ChatRequestView) (string, bool) { return "script", v.Task == "grade" })
	req.Format = schema
	text, _ = chat(t, c, req)
	require.Equal(t, "script", text, "scripts come before rules")
	require.Equal(t, 2, s.CountTask("grade"))
}

func TestRuleTimes(t *testing.T) {
	t.Parallel()
	s := ollamafake.New(ollamafake.Options{Rules: []ollamafake.Rule{{Reply: "first", Times: 1}, {Reply: "then"}}})
	c, _ := client(t, s)
	req := &api.ChatRequest{Model: "qwen3:8b", Messages: []api.Message{{Role: "user", Content: "x"}}}
	for _, want := range []string{"first", "then", "then"} {
		text, _ := chat(t, c, req)
		require.Equal(t, want, text)
	}
}

func TestGenerate(t *testing.T) {
	t.Parallel()
	s := ollamafake.New(ollamafake.Options{})
	s.AddRule(ollamafake.Rule{Pattern: regexp.MustCompile(`haiku`), Reply: "old pond frog jumps in"})
	c, _ := client(t, s)
	var text strings.Builder
	var chunks int
	err := c.Generate(context.Background(), &api.GenerateRequest{Model: "qwen3:8b", System: "poet", Prompt: "a haiku"},
		func(r api.GenerateResponse) error { chunks++; text.WriteString(r.Response); return nil })
	require.NoError(t, err)
	require.Equal(t, "old pond frog jumps in", text.String())
	require.Equal(t, 3, chunks)
	require.Equal(t, "poet", s.Requests()[0].Chat.System)
}

func TestEmbed(t *testing.T) {
	t.Parallel()
	s := ollamafake.New(ollamafake.Options{EmbeddingDim: 64})
	c, _ := client(t, s)
	resp, err := c.Embed(context.Background(), &api.EmbedRequest{Model: "nomic-embed-text",
		Input: []string{"The cat sat", "the CAT sat down", "stock prices fell", ""}})
	require.NoError(t, err)
	require.Len(t, resp.Embeddings, 4)
	for _, v := range resp.Embeddings {
		require.Len(t, v, 64)
		require.InDelta(t, 1, norm(v), 1e-5)
	}
	require.Greater(t, dot(resp.Embeddings[0], resp.Embeddings[1]), dot(resp.Embeddings[0], resp.Embeddings[2]))
	require.Equal(t, ollamafake.Embed("the cat sat", 64), resp.Embeddings[0], "case-insensitive")

	one, err := c.Embed(context.Background(), &api.EmbedRequest{Model: "nomic-embed-text", Input: "single", Dimensions: 16})
	require.NoError(t, err)
	require.Len(t, one.Embeddings, 1)
	require.Len(t, one.Embeddings[0], 16)
	require.Equal(t, []string{"single"}, s.Requests()[1].Inputs)
}

func TestMetadataEndpoints(t *testing.T) {
	t.Parallel()
	s := ollamafake.New(ollamafake.Options{Models: []string{"qwen3:8b", "nomic-embed-text"}})
	c, raw := client(t, s)
	ctx := context.Background()
	require.NoError(t, c.Heartbeat(ctx))

	v, err := c.Version(ctx)
	require.NoError(t, err)
	require.Equal(t, ollamafake.Version, v)
	require.Contains(t, v, "scripted-fake")

	list, err := c.List(ctx)
	require.NoError(t, err)
	require.Len(t, list.Models, 2)
	require.Equal(t, "nomic-embed-text:latest", list.Models[1].Name)

	show, err := c.Show(ctx, &api.ShowRequest{Model: "nomic-embed-text"})
	require.NoError(t, err)
	require.EqualValues(t, 768, show.ModelInfo["scripted-fake.embedding_length"])

	_, err = c.Show(ctx, &api.ShowRequest{Model: "llama3.1:8b"})
	var se api.StatusError
	require.ErrorAs(t, err, &se)
	require.Equal(t, http.StatusNotFound, se.StatusCode)

	resp, err := http.Get(raw + "/")
	require.NoError(t, err)
	body, _ := io.ReadAll(resp.Body)
	require.NoError(t, resp.Body.Close())
	require.Contains(t, string(body), "Ollama is running")
	require.Equal(t, "scripted", resp.Header.Get(ollamafake.HeaderFake))
}

func TestFaults(t *testing.T) {
	t.Parallel()
	s := ollamafake.New(ollamafake.Options{})
	c, _ := client(t, s)
	req := &api.ChatRequest{Model: "qwen3:8b", Messages: []api.Message{{Role: "user", Content: "x"}}}
	s.InjectFault(ollamafake.Fault{Path: "/api/chat", Status: 500, Message: "boom", Times: 1})
	err := c.Chat(context.Background(), req, func(api.ChatResponse) error { return nil })
	var se api.StatusError
	require.ErrorAs(t, err, &se)
	require.Equal(t, 500, se.StatusCode)
	require.Equal(t, "boom", se.ErrorMessage)
	chat(t, c, req) // the fault is used up

	s.SetModels("llama3.1:8b")
	err = c.Chat(context.Background(), req, func(api.ChatResponse) error { return nil })
	require.ErrorAs(t, err, &se)
	require.Equal(t, 404, se.StatusCode)
	require.Contains(t, se.ErrorMessage, `model "qwen3:8b" not found`)

	s.InjectFault(ollamafake.Fault{Model: "llama3.1:8b", Delay: time.Minute})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	req.Model = "llama3.1:8b"
	err = c.Chat(ctx, req, func(api.ChatResponse) error { return nil })
	require.ErrorIs(t, err, context.DeadlineExceeded)
}

func TestListenAndServe(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())

	s := ollamafake.New(ollamafake.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.ListenAndServe(ctx, addr) }()
	c := api.NewClient(&url.URL{Scheme: "http", Host: addr}, &http.Client{Timeout: time.Second})
	require.Eventually(t, func() bool { return c.Heartbeat(context.Background()) == nil }, 5*time.Second, 10*time.Millisecond)
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("ListenAndServe did not return after cancel")
	}
}

func TestInstanceBounds(t *testing.T) {
	t.Parallel()
	var schema map[string]any
	require.NoError(t, json.Unmarshal([]byte(`{"type":"object","properties":{
		"a":{"type":"array","items":{"type":"integer","maximum":0},"minItems":3,"maxItems":2},
		"s":{"type":"string","minLength":20},"c":{"const":"x"},"t":{"type":["null","number"],"minimum":2}}}`), &schema))
	got := ollamafake.Instance(schema).(map[string]any)
	require.Len(t, got["a"], 2)
	require.Equal(t, 0, got["a"].([]any)[0])
	require.GreaterOrEqual(t, len(got["s"].(string)), 20)
	require.Equal(t, "x", got["c"])
	require.Equal(t, 2.0, got["t"])
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}

func norm(a []float32) float64 { return math.Sqrt(dot(a, a)) }

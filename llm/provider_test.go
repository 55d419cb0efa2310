package llm_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/internal/testenv"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/llm/ollamafake"
	"github.com/evokg/evokg/usage"
)

// openAIConfig points every role at an OpenAI-compatible server.
func openAIConfig(url string) llm.Config {
	return llm.Config{Provider: llm.ProviderOpenAI, BaseURL: url}
}

// The OpenAI provider sends the prompt's schema as response_format, the
// token cap as max_completion_tokens, and records the call like Ollama's.
func TestOpenAIProviderStructuredCall(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{})
	url := fake.Start(t)
	rec := usage.NewRecorder(testenv.Postgres(t), prometheus.NewRegistry())
	m, err := llm.New(openAIConfig(url), &http.Client{Timeout: 30 * time.Second}, rec, testenv.Logger(t))
	require.NoError(t, err)
	ns := testenv.Namespace(t)
	ctx := llm.WithCall(context.Background(), llm.CallMeta{Namespace: ns, RunID: "r"})
	fake.AddRule(ollamafake.Rule{Task: "answer", Pattern: regexp.MustCompile(`capital of France`),
		Reply: `{"reasoning":"Paris is the capital.","answer":"Paris"}`})

	reply, err := m.Learner().Answer(ctx, evokg.AnswerPrompt{Question: "What is the capital of France?"})
	require.NoError(t, err)
	require.Equal(t, "Paris", reply.Answer)
	reqs := fake.Requests()
	require.Len(t, reqs, 1)
	require.Equal(t, "/v1/chat/completions", reqs[0].Path)
	require.Equal(t, "answer", reqs[0].Chat.Task)
	require.Contains(t, string(reqs[0].Chat.Format), `"title":"answer"`)
	require.EqualValues(t, llm.DefaultLearnerMaxTokens, reqs[0].Chat.Options["num_predict"])
	require.EqualValues(t, 0, reqs[0].Chat.Options["temperature"])

	vecs, err := m.Embedder().Embed(ctx, []string{"a text", "another text"})
	require.NoError(t, err)
	require.Len(t, vecs, 2)
	require.Len(t, vecs[0], evokg.DefaultEmbeddingDim)
	require.Equal(t, "/v1/embeddings", fake.Requests()[1].Path)

	u, err := rec.Summary(context.Background(), ns, "r")
	require.NoError(t, err)
	require.Equal(t, 1, u.Learner)
	require.Equal(t, 1, u.Embedding)
	require.Positive(t, roleUsage(u, llm.RoleLearner).PromptTokens)
}

// Ollama gets the token cap as num_predict.
func TestOllamaSendsTokenCap(t *testing.T) {
	t.Parallel()
	b := setup(t, setupOpts{cfg: llm.Config{Teacher: llm.RoleConfig{MaxTokens: 300}}})
	_, err := b.models.Teacher().Judge(b.ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
	require.NoError(t, err)
	reqs := b.fake.Requests()
	require.Equal(t, "/api/chat", reqs[0].Path)
	require.EqualValues(t, 300, reqs[0].Chat.Options["num_predict"])
}

// Each role reaches only its own server, with its own provider.
func TestRolesOnTheirOwnServers(t *testing.T) {
	t.Parallel()
	teacher := ollamafake.New(ollamafake.Options{Models: []string{"teacher"}})
	learner := ollamafake.New(ollamafake.Options{Models: []string{"learner"}})
	embedding := ollamafake.New(ollamafake.Options{Models: []string{"minilm"}, EmbeddingDim: 384})
	cfg := llm.Config{
		BaseURL:           teacher.Start(t),
		Teacher:           llm.RoleConfig{Model: "teacher"},
		Learner:           llm.RoleConfig{Provider: llm.ProviderOpenAI, BaseURL: learner.Start(t) + "/v1", Model: "learner"},
		EmbeddingProvider: llm.ProviderOpenAI, EmbeddingURL: embedding.Start(t), EmbeddingModel: "minilm",
		EmbeddingDim: 384,
	}
	m, err := llm.New(cfg, &http.Client{Timeout: 30 * time.Second}, nil, testenv.Logger(t))
	require.NoError(t, err)
	ctx := context.Background()
	_, err = m.Teacher().Judge(ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
	require.NoError(t, err)
	_, err = m.Learner().Answer(ctx, evokg.AnswerPrompt{Question: "q"})
	require.NoError(t, err)
	_, err = m.Embedder().Embed(ctx, []string{"x"})
	require.NoError(t, err)
	require.Equal(t, "/api/chat", only(t, teacher).Path)
	require.Equal(t, "/v1/chat/completions", only(t, learner).Path)
	require.Equal(t, "/v1/embeddings", only(t, embedding).Path)

	statuses, err := m.Check(ctx)
	require.NoError(t, err)
	require.NoError(t, llm.MissingModels(statuses))
	require.Equal(t, llm.ProviderOllama, statuses[0].Provider)
	require.Equal(t, llm.ProviderOpenAI, statuses[1].Provider)
	require.Equal(t, cfg.EmbeddingURL+"/v1", statuses[2].URL, "a URL without a path gets /v1")
	info, err := m.Server(ctx)
	require.NoError(t, err)
	require.True(t, info.Scripted)
	require.Len(t, strings.Split(info.URL, ", "), 3)
	dim, err := m.CheckDimension(ctx)
	require.NoError(t, err)
	require.Equal(t, 384, dim)
}

func only(t *testing.T, s *ollamafake.Server) ollamafake.Request {
	t.Helper()
	reqs := s.Requests()
	require.Len(t, reqs, 1)
	return reqs[0]
}

// The dimension probe names the provider, model, URL and both dimensions.
func TestCheckDimensionMismatch(t *testing.T) {
	t.Parallel()
	for _, p := range llm.Providers {
		t.Run(string(p), func(t *testing.T) {
			t.Parallel()
			fake := ollamafake.New(ollamafake.Options{EmbeddingDim: 384})
			url := fake.Start(t)
			m, err := llm.New(llm.Config{Provider: p, BaseURL: url}, &http.Client{Timeout: 30 * time.Second}, nil, testenv.Logger(t))
			require.NoError(t, err)
			dim, err := m.CheckDimension(context.Background())
			require.Equal(t, 384, dim)
			require.Equal(t, evokg.EINVALID, evokg.ErrorCode(err))
			msg := evokg.ErrorMessage(err)
			for _, want := range []string{"nomic-embed-text", url, "384", "768"} {
				require.Contains(t, msg, want)
			}
			_, err = m.Embedder().Embed(context.Background(), []string{"x"})
			require.ErrorContains(t, err, "returned 384, configured 768", "ordinary embeddings check it too")
		})
	}
}

// OpenAI-compatible errors are translated like Ollama's and name the
// provider, the model and the URL.
func TestOpenAIErrors(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{Models: []string{"llama3.1:8b", "nomic-embed-text"}})
	url := fake.Start(t) + "/v1"
	m, err := llm.New(openAIConfig(url), &http.Client{Timeout: 30 * time.Second}, nil, testenv.Logger(t))
	require.NoError(t, err)
	ctx := context.Background()

	_, err = m.Teacher().Judge(ctx, evokg.JudgeRequest{Question: "q", Answer: "a", Gold: "a"})
	require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
	require.Contains(t, evokg.ErrorMessage(err), "model qwen3:8b not found on OpenAI-compatible server "+url)
	statuses, err := m.Check(ctx)
	require.NoError(t, err)
	missing := llm.MissingModels(statuses)
	require.ErrorContains(t, missing, "teacher model qwen3:8b is missing on the openai server "+url)

	fake.InjectFault(ollamafake.Fault{Path: "/v1/chat/completions", Status: http.StatusInternalServerError, Message: "out of memory", Times: 1})
	_, err = m.Learner().Answer(ctx, evokg.AnswerPrompt{Question: "q"})
	require.Equal(t, evokg.EUNAVAILABLE, evokg.ErrorCode(err))
	require.Contains(t, evokg.ErrorMessage(err), "out of memory")
	require.Contains(t, evokg.ErrorMessage(err), "llama3.1:8b")

	fake.InjectFault(ollamafake.Fault{Path: "/v1/chat/completions", Delay: 5 * time.Second, Times: 1})
	short, err := llm.New(llm.Config{Provider: llm.ProviderOpenAI, BaseURL: url, Learner: llm.RoleConfig{Timeout: 100 * time.Millisecond}},
		&http.Client{Timeout: 30 * time.Second}, nil, testenv.Logger(t))
	require.NoError(t, err)
	_, err = short.Learner().Answer(ctx, evokg.AnswerPrompt{Question: "q"})
	require.Equal(t, evokg.ETIMEOUT, evokg.ErrorCode(err))
	require.Contains(t, evokg.ErrorMessage(err), "OpenAI-compatible server "+url)
}

func TestConfigRejectsUnknownProvider(t *testing.T) {
	t.Parallel()
	_, err := llm.New(llm.Config{Provider: "vertex"}, &http.Client{Timeout: time.Second}, nil, testenv.Logger(t))
	require.ErrorContains(t, err, `provider "vertex"`)
	c := llm.Config{BaseURL: "http://a:1", APIKey: "k", Learner: llm.RoleConfig{BaseURL: "http://b:2"}}.WithDefaults()
	require.Equal(t, "http://a:1", c.Teacher.BaseURL)
	require.Equal(t, "k", c.Teacher.APIKey)
	require.Equal(t, "", c.Learner.APIKey, "a role on its own server does not get the default server's key")
	require.Equal(t, "http://a:1", c.EmbeddingURL)
	require.Equal(t, llm.ProviderOllama, c.EmbeddingProvider)
}

// EmbedMaxChars cuts every text before it is sent (and cached).
func TestEmbedderCutsLongTexts(t *testing.T) {
	t.Parallel()
	fake := ollamafake.New(ollamafake.Options{})
	m, err := llm.New(llm.Config{BaseURL: fake.Start(t), EmbedMaxChars: 10}, &http.Client{Timeout: 30 * time.Second}, nil, testenv.Logger(t))
	require.NoError(t, err)
	_, err = m.Embedder().Embed(context.Background(), []string{strings.Repeat("é", 50), "short"})
	require.NoError(t, err)
	require.Equal(t, []string{strings.Repeat("é", 10), "short"}, only(t, fake).Inputs)
}

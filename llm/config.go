package llm

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"time"

	"github.com/evokg/evokg"
)

// Provider is the protocol a model server speaks.
type Provider string

// Providers.
const (
	// ProviderOllama is Ollama's own API (/api/chat, /api/embed, /api/tags).
	ProviderOllama Provider = "ollama"
	// ProviderOpenAI is the OpenAI-compatible API (/v1/chat/completions,
	// /v1/embeddings, /v1/models) of llama.cpp's server, vLLM, LM Studio,
	// Ollama's /v1 and hosted APIs.
	ProviderOpenAI Provider = "openai"
)

// Providers lists the supported providers.
var Providers = []Provider{ProviderOllama, ProviderOpenAI}

// Defaults of Config that are no settings (see Settings for the others).
const (
	DefaultEmbedBatch     = 64
	DefaultEmbedCacheSize = 10000
)

// RoleConfig configures the model of one layer and, optionally, the server
// it runs on (empty server fields take Config's).
type RoleConfig struct {
	// Provider, BaseURL and APIKey locate the role's server; empty fields
	// take Config.Provider, Config.BaseURL and Config.APIKey.
	Provider Provider
	BaseURL  string
	APIKey   string
	// Model is the model name, e.g. "qwen3:8b".
	Model string
	// Temperature is the sampling temperature. Default 0 (deterministic);
	// callers of the learner layer may pass 0.3 per request for training.
	Temperature float64
	// NumCtx is the context window in tokens requested from Ollama. Default
	// 8192. An OpenAI-compatible server sets its own.
	NumCtx int
	// MaxTokens caps the tokens of one reply. Default 2048 for the teacher,
	// 768 for the learner.
	MaxTokens int
	// Seed fixes sampling when non-zero; 0 leaves it to the server.
	Seed int
	// Timeout bounds one call (one attempt). Default 3m for the teacher, 2m
	// for the learner.
	Timeout time.Duration
}

func (r RoleConfig) withDefaults(c Config, model string, maxTokens int, timeout time.Duration) RoleConfig {
	r.Provider = cmp.Or(r.Provider, c.Provider)
	if r.BaseURL == "" {
		r.BaseURL, r.APIKey = c.BaseURL, cmp.Or(r.APIKey, c.APIKey)
	}
	r.Model = cmp.Or(r.Model, model)
	r.NumCtx = cmp.Or(r.NumCtx, DefaultNumCtx)
	r.MaxTokens = cmp.Or(r.MaxTokens, maxTokens)
	r.Timeout = cmp.Or(r.Timeout, timeout)
	return r
}

func (r RoleConfig) validate(layer Layer) error {
	if err := validateServer(layer, r.Provider, r.BaseURL); err != nil {
		return err
	}
	switch {
	case r.Model == "":
		return fmt.Errorf("llm: %s model is empty", layer)
	case r.Temperature < 0 || r.Temperature > 2:
		return fmt.Errorf("llm: %s temperature %g out of range 0..2", layer, r.Temperature)
	case r.NumCtx < 256:
		return fmt.Errorf("llm: %s context size %d below 256", layer, r.NumCtx)
	case r.MaxTokens < 16:
		return fmt.Errorf("llm: %s max tokens %d below 16", layer, r.MaxTokens)
	case r.Timeout <= 0:
		return fmt.Errorf("llm: %s timeout must be positive", layer)
	}
	return nil
}

func validateServer(layer Layer, p Provider, base string) error {
	if !slices.Contains(Providers, p) {
		return fmt.Errorf("llm: %s provider %q is not one of ollama, openai", layer, p)
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("llm: %s base URL %q is not an http(s) URL", layer, base)
	}
	return nil
}

// Budgets caps model calls per unit of work. Zero means the default; a
// negative value disables that cap.
type Budgets struct {
	// PerExperience caps the calls spent ingesting one experience. Default 3.
	PerExperience int
	// PerIteration caps the calls of one evolution iteration. Default 2000.
	PerIteration int
}

// Config configures the model layer. Zero fields take the documented
// defaults. Each role (teacher, learner, embedding) may run on its own
// server with its own provider.
type Config struct {
	// Provider is the default protocol of every role. Default ollama.
	Provider Provider
	// BaseURL is the default server of every role. Default
	// http://127.0.0.1:11434. For the openai provider it is the API base,
	// such as http://127.0.0.1:8080/v1 (a URL without a path gets /v1).
	BaseURL string
	// APIKey is sent as a Bearer token to OpenAI-compatible servers; empty
	// sends none.
	APIKey string
	// Teacher is the teacher model (default qwen3:8b); Learner the
	// learner model (default llama3.1:8b).
	Teacher, Learner RoleConfig
	// EmbeddingProvider, EmbeddingURL and EmbeddingAPIKey locate the
	// embedding server; empty fields take Provider, BaseURL and APIKey.
	EmbeddingProvider Provider
	EmbeddingURL      string
	EmbeddingAPIKey   string
	// EmbeddingModel (default nomic-embed-text) returns vectors of
	// EmbeddingDim (default 768); EmbedBatch texts go in one request
	// (default 64).
	EmbeddingModel string
	EmbeddingDim   int
	EmbedBatch     int
	// EmbedCacheSize is the number of vectors kept in the LRU cache
	// (default 10000; negative disables the cache).
	EmbedCacheSize int
	// EmbedTimeout bounds one embedding request. Default 1m.
	EmbedTimeout time.Duration
	// EmbedMaxChars cuts each text to that many characters before it is
	// embedded, for models with a short input window (all-MiniLM-L6-v2
	// takes 512 tokens and llama.cpp's server refuses longer inputs).
	// Default 0: texts are sent whole.
	EmbedMaxChars int
	// MaxRepairs is how many times an invalid structured reply is sent
	// back for repair before the call fails. Default 2; negative means none.
	MaxRepairs int
	// Budgets caps calls per experience and per evolution iteration.
	Budgets Budgets
}

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.Provider = cmp.Or(c.Provider, DefaultProvider)
	c.BaseURL = cmp.Or(c.BaseURL, DefaultBaseURL)
	c.Teacher = c.Teacher.withDefaults(c, DefaultTeacherModel, DefaultTeacherMaxTokens, DefaultTeacherTimeout)
	c.Learner = c.Learner.withDefaults(c, DefaultLearnerModel, DefaultLearnerMaxTokens, DefaultLearnerTimeout)
	c.EmbeddingProvider = cmp.Or(c.EmbeddingProvider, c.Provider)
	if c.EmbeddingURL == "" {
		c.EmbeddingURL, c.EmbeddingAPIKey = c.BaseURL, cmp.Or(c.EmbeddingAPIKey, c.APIKey)
	}
	c.EmbeddingModel = cmp.Or(c.EmbeddingModel, DefaultEmbeddingModel)
	c.EmbeddingDim = cmp.Or(c.EmbeddingDim, evokg.DefaultEmbeddingDim)
	c.EmbedBatch = cmp.Or(c.EmbedBatch, DefaultEmbedBatch)
	c.EmbedCacheSize = cmp.Or(c.EmbedCacheSize, DefaultEmbedCacheSize)
	c.EmbedTimeout = cmp.Or(c.EmbedTimeout, DefaultEmbedTimeout)
	c.MaxRepairs = cmp.Or(c.MaxRepairs, DefaultMaxRepairs)
	if c.MaxRepairs < 0 {
		c.MaxRepairs = 0
	}
	c.Budgets.PerExperience = cmp.Or(c.Budgets.PerExperience, DefaultExperienceBudget)
	c.Budgets.PerIteration = cmp.Or(c.Budgets.PerIteration, DefaultIterationBudget)
	return c
}

func (c Config) validate() error {
	if err := c.Teacher.validate(LayerTeacher); err != nil {
		return err
	}
	if err := c.Learner.validate(LayerLearner); err != nil {
		return err
	}
	if err := validateServer(LayerEmbedding, c.EmbeddingProvider, c.EmbeddingURL); err != nil {
		return err
	}
	switch {
	case c.EmbeddingModel == "":
		return errors.New("llm: embedding model is empty")
	case c.EmbeddingDim < 1 || c.EmbeddingDim > 16000:
		return fmt.Errorf("llm: embedding dimension %d out of range 1..16000", c.EmbeddingDim)
	case c.EmbedBatch < 1:
		return fmt.Errorf("llm: embed batch %d below 1", c.EmbedBatch)
	case c.EmbedTimeout <= 0:
		return errors.New("llm: embed timeout must be positive")
	case c.EmbedMaxChars < 0:
		return fmt.Errorf("llm: embed max chars %d below 0", c.EmbedMaxChars)
	}
	return nil
}

// Timeout returns the longest per-call timeout of the three roles: an HTTP
// client shared by them needs at least that much.
func (c Config) Timeout() time.Duration {
	c = c.WithDefaults()
	return max(c.Teacher.Timeout, c.Learner.Timeout, c.EmbedTimeout)
}

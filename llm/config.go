package llm

import (
	"cmp"
	"errors"
	"fmt"
	"net/url"
	"time"
)

// Defaults of Config.
const (
	DefaultBaseURL         = "http://127.0.0.1:11434"
	DefaultGuidanceModel   = "qwen3:8b"
	DefaultExecutionModel  = "llama3.1:8b"
	DefaultEmbeddingModel  = "nomic-embed-text"
	DefaultEmbeddingDim    = 768
	DefaultEmbedBatch      = 64
	DefaultEmbedCacheSize  = 10000
	DefaultMaxRepairs      = 2
	DefaultNumCtx          = 8192
	DefaultGuidanceTimeout = 3 * time.Minute
	DefaultExecTimeout     = 2 * time.Minute
	DefaultEmbedTimeout    = time.Minute

	// DefaultExperienceBudget caps the model calls spent on one ingested
	// experience (evaluation, signature, one disambiguation or repair).
	DefaultExperienceBudget = 3
	// DefaultIterationBudget caps the model calls of one evolution iteration.
	DefaultIterationBudget = 2000
)

// RoleConfig configures the model of one layer.
type RoleConfig struct {
	// Model is the Ollama model name, e.g. "qwen3:8b".
	Model string
	// Temperature is the sampling temperature. Default 0 (deterministic);
	// callers of the execution layer may pass 0.3 per request for training.
	Temperature float64
	// NumCtx is the context window in tokens. Default 8192.
	NumCtx int
	// Seed fixes sampling when non-zero; 0 leaves it to the server.
	Seed int
	// Timeout bounds one call (one attempt). Default 3m for guidance, 2m
	// for execution.
	Timeout time.Duration
}

func (r RoleConfig) withDefaults(model string, timeout time.Duration) RoleConfig {
	if r.Model == "" {
		r.Model = model
	}
	if r.NumCtx == 0 {
		r.NumCtx = DefaultNumCtx
	}
	if r.Timeout == 0 {
		r.Timeout = timeout
	}
	return r
}

func (r RoleConfig) validate(layer string) error {
	switch {
	case r.Model == "":
		return fmt.Errorf("llm: %s model is empty", layer)
	case r.Temperature < 0 || r.Temperature > 2:
		return fmt.Errorf("llm: %s temperature %g out of range 0..2", layer, r.Temperature)
	case r.NumCtx < 256:
		return fmt.Errorf("llm: %s context size %d below 256", layer, r.NumCtx)
	case r.Timeout <= 0:
		return fmt.Errorf("llm: %s timeout must be positive", layer)
	}
	return nil
}

// options returns the Ollama request options of the role.
func (r RoleConfig) options(temperature float64) map[string]any {
	opts := map[string]any{"temperature": temperature, "num_ctx": r.NumCtx}
	if r.Seed != 0 {
		opts["seed"] = r.Seed
	}
	return opts
}

// Budgets caps model calls per unit of work. Zero means the default; a
// negative value disables that cap.
type Budgets struct {
	// PerExperience caps the calls spent ingesting one experience. Default 3.
	PerExperience int
	// PerIteration caps the calls of one evolution iteration. Default 2000.
	PerIteration int
}

// Config configures the model layer. Zero fields take the documented defaults.
type Config struct {
	// BaseURL is the Ollama server. Default http://127.0.0.1:11434.
	BaseURL string
	// Guidance is the teacher model (default qwen3:8b); Execution the
	// learner model (default llama3.1:8b).
	Guidance, Execution RoleConfig
	// EmbeddingModel (default nomic-embed-text) returns vectors of
	// EmbeddingDim (default 768); EmbedBatch texts go in one /api/embed
	// request (default 64).
	EmbeddingModel string
	EmbeddingDim   int
	EmbedBatch     int
	// EmbedCacheSize is the number of vectors kept in the LRU cache
	// (default 10000; negative disables the cache).
	EmbedCacheSize int
	// EmbedTimeout bounds one /api/embed request. Default 1m.
	EmbedTimeout time.Duration
	// MaxRepairs is how many times an invalid structured reply is sent
	// back for repair before the call fails. Default 2; negative means none.
	MaxRepairs int
	// Budgets caps calls per experience and per evolution iteration.
	Budgets Budgets
}

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	c.Guidance = c.Guidance.withDefaults(DefaultGuidanceModel, DefaultGuidanceTimeout)
	c.Execution = c.Execution.withDefaults(DefaultExecutionModel, DefaultExecTimeout)
	c.EmbeddingModel = cmp.Or(c.EmbeddingModel, DefaultEmbeddingModel)
	c.EmbeddingDim = cmp.Or(c.EmbeddingDim, DefaultEmbeddingDim)
	c.EmbedBatch = cmp.Or(c.EmbedBatch, DefaultEmbedBatch)
	c.EmbedCacheSize = cmp.Or(c.EmbedCacheSize, DefaultEmbedCacheSize)
	if c.EmbedTimeout == 0 {
		c.EmbedTimeout = DefaultEmbedTimeout
	}
	c.MaxRepairs = cmp.Or(c.MaxRepairs, DefaultMaxRepairs)
	if c.MaxRepairs < 0 {
		c.MaxRepairs = 0
	}
	c.Budgets.PerExperience = cmp.Or(c.Budgets.PerExperience, DefaultExperienceBudget)
	c.Budgets.PerIteration = cmp.Or(c.Budgets.PerIteration, DefaultIterationBudget)
	return c
}

func (c Config) validate() error {
	u, err := url.Parse(c.BaseURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("llm: base URL %q is not an http(s) URL", c.BaseURL)
	}
	if err := c.Guidance.validate("guidance"); err != nil {
		return err
	}
	if err := c.Execution.validate("execution"); err != nil {
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
	}
	return nil
}

package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/llm"
	"github.com/evokg/evokg/postgres"
)

// Globals is what every command receives.
type Globals struct {
	Ctx    context.Context
	Logger *slog.Logger
}

// LogFlags configure structured logging.
type LogFlags struct {
	Level  string `env:"EVOKG_LOG_LEVEL" default:"info" enum:"debug,info,warn,error" help:"Log level (${enum})."`
	Format string `env:"EVOKG_LOG_FORMAT" default:"json" enum:"json,text" help:"Log format (${enum})."`
}

// Logger builds the process logger.
func (f LogFlags) Logger(w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(f.Level))
	opts := &slog.HandlerOptions{Level: level}
	if f.Format == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// PostgresFlags locate the system of record.
type PostgresFlags struct {
	Postgres postgres.Config `embed:""`
}

// Config returns the postgres adapter's configuration.
func (f PostgresFlags) Config() postgres.Config {
	return f.Postgres
}

// Open connects to Postgres.
func (f PostgresFlags) Open(ctx context.Context) (*pgxpool.Pool, error) {
	return postgres.Open(ctx, f.Config())
}

// Neo4jFlags locate the graph database.
type Neo4jFlags struct {
	Graph graph.Config `embed:""`
}

// Config is the graph configuration the flags give.
func (f Neo4jFlags) Config() graph.Config {
	return f.Graph
}

// Open connects to Neo4j.
func (f Neo4jFlags) Open(ctx context.Context, logger *slog.Logger) (*graph.Graph, error) {
	return graph.Open(ctx, f.Config(), logger)
}

// OllamaFlags configure the model servers and the three model roles. Each
// role (teacher, learner, embedding) may use its own provider, URL and
// key; unset, it takes the model server's (--model-provider, --model-url,
// --model-api-key).
type OllamaFlags struct {
	ModelProvider string `name:"model-provider" env:"EVOKG_MODEL_PROVIDER" default:"${model_provider}" enum:"ollama,openai" help:"Protocol of the model server: ollama or openai (an OpenAI-compatible server: llama.cpp, vLLM, LM Studio, hosted APIs)."`
	ModelURL      string `name:"model-url" env:"EVOKG_MODEL_URL,EVOKG_OLLAMA_URL" default:"${model_url}" help:"Model server URL (openai: the API base, e.g. http://127.0.0.1:8080/v1)."`
	ModelAPIKey   string `name:"model-api-key" env:"EVOKG_MODEL_API_KEY" help:"Bearer key for an OpenAI-compatible server."`

	TeacherProvider   string `name:"teacher-provider" aliases:"guidance-provider" env:"EVOKG_TEACHER_PROVIDER,EVOKG_GUIDANCE_PROVIDER" enum:",ollama,openai" default:"" help:"Provider of the teacher model (default: --model-provider)."`
	TeacherURL        string `name:"teacher-url" aliases:"guidance-url" env:"EVOKG_TEACHER_URL,EVOKG_GUIDANCE_URL" help:"Server of the teacher model (default: --model-url)."`
	TeacherAPIKey     string `name:"teacher-api-key" aliases:"guidance-api-key" env:"EVOKG_TEACHER_API_KEY,EVOKG_GUIDANCE_API_KEY" help:"Key of the teacher server (default: --model-api-key)."`
	LearnerProvider   string `name:"learner-provider" aliases:"execution-provider" env:"EVOKG_LEARNER_PROVIDER,EVOKG_EXECUTION_PROVIDER" enum:",ollama,openai" default:"" help:"Provider of the learner model (default: --model-provider)."`
	LearnerURL        string `name:"learner-url" aliases:"execution-url" env:"EVOKG_LEARNER_URL,EVOKG_EXECUTION_URL" help:"Server of the learner model (default: --model-url)."`
	LearnerAPIKey     string `name:"learner-api-key" aliases:"execution-api-key" env:"EVOKG_LEARNER_API_KEY,EVOKG_EXECUTION_API_KEY" help:"Key of the learner server (default: --model-api-key)."`
	EmbeddingProvider string `name:"embedding-provider" env:"EVOKG_EMBEDDING_PROVIDER" enum:",ollama,openai" default:"" help:"Provider of the embedding model (default: --model-provider)."`
	EmbeddingURL      string `name:"embedding-url" env:"EVOKG_EMBEDDING_URL" help:"Server of the embedding model (default: --model-url)."`
	EmbeddingAPIKey   string `name:"embedding-api-key" env:"EVOKG_EMBEDDING_API_KEY" help:"Key of the embedding server (default: --model-api-key)."`

	TeacherModel   string  `name:"teacher-model" aliases:"guidance-model" env:"EVOKG_TEACHER_MODEL,EVOKG_GUIDANCE_MODEL" default:"${teacher_model}" help:"Teacher model: SkillDiscovery, Navigator, Critic, Curator, judge."`
	LearnerModel   string  `name:"learner-model" aliases:"execution-model" env:"EVOKG_LEARNER_MODEL,EVOKG_EXECUTION_MODEL" default:"${learner_model}" help:"Learner model."`
	EmbeddingModel string  `name:"embedding-model" env:"EVOKG_EMBEDDING_MODEL" default:"${embedding_model}" help:"Embedding model."`
	TeacherTemp    float64 `name:"teacher-temperature" aliases:"guidance-temperature" env:"EVOKG_TEACHER_TEMPERATURE,EVOKG_GUIDANCE_TEMPERATURE" default:"0.3" help:"Teacher model temperature."`
	LearnerTemp    float64 `name:"learner-temperature" aliases:"execution-temperature" env:"EVOKG_LEARNER_TEMPERATURE,EVOKG_EXECUTION_TEMPERATURE" default:"0" help:"Learner temperature at evaluation."`

	TeacherTimeout    time.Duration `name:"teacher-timeout" aliases:"guidance-timeout" env:"EVOKG_TEACHER_TIMEOUT,EVOKG_GUIDANCE_TIMEOUT" default:"${teacher_timeout}" help:"Timeout of one teacher-model call."`
	LearnerTimeout    time.Duration `name:"learner-timeout" aliases:"execution-timeout" env:"EVOKG_LEARNER_TIMEOUT,EVOKG_EXECUTION_TIMEOUT" default:"${learner_timeout}" help:"Timeout of one learner-model call."`
	EmbeddingTimeout  time.Duration `name:"embedding-timeout" env:"EVOKG_EMBEDDING_TIMEOUT" default:"${embedding_timeout}" help:"Timeout of one embedding request."`
	EmbeddingMaxChars int           `name:"embedding-max-chars" env:"EVOKG_EMBEDDING_MAX_CHARS" default:"0" help:"Cut each text to this many characters before embedding it (0: send it whole), for models with a short input window."`
	TeacherMaxTokens  int           `name:"teacher-max-tokens" aliases:"guidance-max-tokens" env:"EVOKG_TEACHER_MAX_TOKENS,EVOKG_GUIDANCE_MAX_TOKENS" default:"${teacher_max_tokens}" help:"Cap on the tokens of one teacher reply (num_predict, max_completion_tokens)."`
	LearnerMaxTokens  int           `name:"learner-max-tokens" aliases:"execution-max-tokens" env:"EVOKG_LEARNER_MAX_TOKENS,EVOKG_EXECUTION_MAX_TOKENS" default:"${learner_max_tokens}" help:"Cap on the tokens of one learner reply."`
	NumCtx            int           `name:"num-ctx" env:"EVOKG_NUM_CTX" default:"${num_ctx}" help:"Context window requested from Ollama (an OpenAI-compatible server sets its own)."`
	Seed              int           `name:"model-seed" env:"EVOKG_MODEL_SEED" default:"42" help:"Sampling seed."`
	MaxRepairs        int           `name:"max-repairs" env:"EVOKG_MAX_REPAIRS" default:"${max_repairs}" help:"Repair retries for malformed structured replies."`
	CallsPerIngest    int           `name:"budget-calls-per-experience" env:"EVOKG_BUDGET_CALLS_PER_EXPERIENCE" default:"${budget_per_experience}" help:"Model-call budget per ingested experience."`
	CallsPerIterate   int           `name:"budget-calls-per-iteration" env:"EVOKG_BUDGET_CALLS_PER_ITERATION" default:"${budget_per_iteration}" help:"Model-call budget per evolution iteration."`
}

// HTTPClient returns the client every model call goes through; each call
// is bounded by its role's timeout, the client by the longest of them.
func (f OllamaFlags) HTTPClient() *http.Client {
	return &http.Client{Timeout: f.LLMConfig(0).Timeout()}
}

// LLMConfig returns the model layer's configuration.
func (f OllamaFlags) LLMConfig(embeddingDim int) llm.Config {
	return llm.Config{
		Provider: llm.Provider(f.ModelProvider), BaseURL: f.ModelURL, APIKey: f.ModelAPIKey,
		Teacher: llm.RoleConfig{Provider: llm.Provider(f.TeacherProvider), BaseURL: f.TeacherURL, APIKey: f.TeacherAPIKey,
			Model: f.TeacherModel, Temperature: f.TeacherTemp, NumCtx: f.NumCtx, MaxTokens: f.TeacherMaxTokens,
			Seed: f.Seed, Timeout: f.TeacherTimeout},
		Learner: llm.RoleConfig{Provider: llm.Provider(f.LearnerProvider), BaseURL: f.LearnerURL, APIKey: f.LearnerAPIKey,
			Model: f.LearnerModel, Temperature: f.LearnerTemp, NumCtx: f.NumCtx, MaxTokens: f.LearnerMaxTokens,
			Seed: f.Seed, Timeout: f.LearnerTimeout},
		EmbeddingProvider: llm.Provider(f.EmbeddingProvider), EmbeddingURL: f.EmbeddingURL, EmbeddingAPIKey: f.EmbeddingAPIKey,
		EmbeddingModel: f.EmbeddingModel,
		EmbeddingDim:   embeddingDim,
		EmbedTimeout:   f.EmbeddingTimeout,
		EmbedMaxChars:  f.EmbeddingMaxChars,
		MaxRepairs:     f.MaxRepairs,
		Budgets:        llm.Budgets{PerExperience: f.CallsPerIngest, PerIteration: f.CallsPerIterate},
	}
}

// openStores connects to both databases for commands that need no models.
func openStores(g *Globals, pf PostgresFlags, nf Neo4jFlags) (*pgxpool.Pool, *graph.Graph, func(), error) {
	pool, err := pf.Open(g.Ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	gr, err := nf.Open(g.Ctx, g.Logger)
	if err != nil {
		pool.Close()
		return nil, nil, nil, err
	}
	return pool, gr, func() { gr.Close(context.Background()); pool.Close() }, nil
}

package llm

import (
	"time"

	"github.com/evokg/evokg/settings"
)

// Settings are the model layer's settings as an operator gives them, one
// field each: its tags declare its command-line flag (cmd/evokg embeds
// Settings), its environment variables, its default and its help, and
// Config's defaults are read from the same tags. Each role (teacher,
// learner, embedding) may use its own provider, URL and key; unset, it
// takes the model server's (--model-provider, --model-url,
// --model-api-key).
type Settings struct {
	ModelProvider string `name:"model-provider" env:"EVOKG_MODEL_PROVIDER" default:"ollama" enum:"ollama,openai" help:"Protocol of the model server: ollama or openai (an OpenAI-compatible server: llama.cpp, vLLM, LM Studio, hosted APIs)."`
	ModelURL      string `name:"model-url" env:"EVOKG_MODEL_URL,EVOKG_OLLAMA_URL" default:"http://127.0.0.1:11434" help:"Model server URL (openai: the API base, e.g. http://127.0.0.1:8080/v1)."`
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

	TeacherModel   string  `name:"teacher-model" aliases:"guidance-model" env:"EVOKG_TEACHER_MODEL,EVOKG_GUIDANCE_MODEL" default:"qwen3:8b" help:"Teacher model: SkillDiscovery, Navigator, Critic, Curator, judge."`
	LearnerModel   string  `name:"learner-model" aliases:"execution-model" env:"EVOKG_LEARNER_MODEL,EVOKG_EXECUTION_MODEL" default:"llama3.1:8b" help:"Learner model."`
	EmbeddingModel string  `name:"embedding-model" env:"EVOKG_EMBEDDING_MODEL" default:"nomic-embed-text" help:"Embedding model."`
	TeacherTemp    float64 `name:"teacher-temperature" aliases:"guidance-temperature" env:"EVOKG_TEACHER_TEMPERATURE,EVOKG_GUIDANCE_TEMPERATURE" default:"0.3" help:"Teacher model temperature."`
	LearnerTemp    float64 `name:"learner-temperature" aliases:"execution-temperature" env:"EVOKG_LEARNER_TEMPERATURE,EVOKG_EXECUTION_TEMPERATURE" default:"0" help:"Learner temperature at evaluation."`

	TeacherTimeout    time.Duration `name:"teacher-timeout" aliases:"guidance-timeout" env:"EVOKG_TEACHER_TIMEOUT,EVOKG_GUIDANCE_TIMEOUT" default:"3m0s" help:"Timeout of one teacher-model call."`
	LearnerTimeout    time.Duration `name:"learner-timeout" aliases:"execution-timeout" env:"EVOKG_LEARNER_TIMEOUT,EVOKG_EXECUTION_TIMEOUT" default:"2m0s" help:"Timeout of one learner-model call."`
	EmbeddingTimeout  time.Duration `name:"embedding-timeout" env:"EVOKG_EMBEDDING_TIMEOUT" default:"1m0s" help:"Timeout of one embedding request."`
	EmbeddingMaxChars int           `name:"embedding-max-chars" env:"EVOKG_EMBEDDING_MAX_CHARS" default:"0" help:"Cut each text to this many characters before embedding it (0: send it whole), for models with a short input window."`
	TeacherMaxTokens  int           `name:"teacher-max-tokens" aliases:"guidance-max-tokens" env:"EVOKG_TEACHER_MAX_TOKENS,EVOKG_GUIDANCE_MAX_TOKENS" default:"2048" help:"Cap on the tokens of one teacher reply (num_predict, max_completion_tokens)."`
	LearnerMaxTokens  int           `name:"learner-max-tokens" aliases:"execution-max-tokens" env:"EVOKG_LEARNER_MAX_TOKENS,EVOKG_EXECUTION_MAX_TOKENS" default:"768" help:"Cap on the tokens of one learner reply."`
	NumCtx            int           `name:"num-ctx" env:"EVOKG_NUM_CTX" default:"8192" help:"Context window requested from Ollama (an OpenAI-compatible server sets its own)."`
	Seed              int           `name:"model-seed" env:"EVOKG_MODEL_SEED" default:"42" help:"Sampling seed."`
	MaxRepairs        int           `name:"max-repairs" env:"EVOKG_MAX_REPAIRS" default:"2" help:"Repair retries for malformed structured replies."`
	CallsPerIngest    int           `name:"budget-calls-per-experience" env:"EVOKG_BUDGET_CALLS_PER_EXPERIENCE" default:"3" help:"Model-call budget per ingested experience."`
	CallsPerIterate   int           `name:"budget-calls-per-iteration" env:"EVOKG_BUDGET_CALLS_PER_ITERATION" default:"2000" help:"Model-call budget per evolution iteration."`
}

// Config is the model layer's configuration the settings give, with the
// embedding dimension of the vector indexes.
func (s Settings) Config(embeddingDim int) Config {
	role := func(p, url, key, model string, temp float64, maxTokens int, timeout time.Duration) RoleConfig {
		return RoleConfig{Provider: Provider(p), BaseURL: url, APIKey: key, Model: model, Temperature: temp,
			NumCtx: s.NumCtx, MaxTokens: maxTokens, Seed: s.Seed, Timeout: timeout}
	}
	return Config{
		Provider: Provider(s.ModelProvider), BaseURL: s.ModelURL, APIKey: s.ModelAPIKey,
		Teacher:           role(s.TeacherProvider, s.TeacherURL, s.TeacherAPIKey, s.TeacherModel, s.TeacherTemp, s.TeacherMaxTokens, s.TeacherTimeout),
		Learner:           role(s.LearnerProvider, s.LearnerURL, s.LearnerAPIKey, s.LearnerModel, s.LearnerTemp, s.LearnerMaxTokens, s.LearnerTimeout),
		EmbeddingProvider: Provider(s.EmbeddingProvider), EmbeddingURL: s.EmbeddingURL, EmbeddingAPIKey: s.EmbeddingAPIKey,
		EmbeddingModel: s.EmbeddingModel,
		EmbeddingDim:   embeddingDim,
		EmbedTimeout:   s.EmbeddingTimeout,
		EmbedMaxChars:  s.EmbeddingMaxChars,
		MaxRepairs:     s.MaxRepairs,
		Budgets:        Budgets{PerExperience: s.CallsPerIngest, PerIteration: s.CallsPerIterate},
	}
}

// Defaults of Config that are settings, as Settings' tags declare them.
var (
	DefaultProvider       = Provider(settings.Default[string](Settings{}, "ModelProvider"))
	DefaultBaseURL        = settings.Default[string](Settings{}, "ModelURL")
	DefaultTeacherModel   = settings.Default[string](Settings{}, "TeacherModel")
	DefaultLearnerModel   = settings.Default[string](Settings{}, "LearnerModel")
	DefaultEmbeddingModel = settings.Default[string](Settings{}, "EmbeddingModel")
	DefaultMaxRepairs     = settings.Default[int](Settings{}, "MaxRepairs")
	DefaultNumCtx         = settings.Default[int](Settings{}, "NumCtx")
	DefaultTeacherTimeout = settings.Default[time.Duration](Settings{}, "TeacherTimeout")
	DefaultLearnerTimeout = settings.Default[time.Duration](Settings{}, "LearnerTimeout")
	DefaultEmbedTimeout   = settings.Default[time.Duration](Settings{}, "EmbeddingTimeout")
	// DefaultTeacherMaxTokens and DefaultLearnerMaxTokens cap the tokens of one
	// reply (Ollama's num_predict, OpenAI's max_completion_tokens). Every
	// reply schema is bounded well below them; the cap stops a model that
	// repeats itself.
	DefaultTeacherMaxTokens = settings.Default[int](Settings{}, "TeacherMaxTokens")
	DefaultLearnerMaxTokens = settings.Default[int](Settings{}, "LearnerMaxTokens")
	// DefaultExperienceBudget caps the model calls spent on one ingested
	// experience (evaluation, signature, one disambiguation or repair).
	DefaultExperienceBudget = settings.Default[int](Settings{}, "CallsPerIngest")
	// DefaultIterationBudget caps the model calls of one evolution iteration.
	DefaultIterationBudget = settings.Default[int](Settings{}, "CallsPerIterate")
)

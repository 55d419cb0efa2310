package main

import (
	"context"
	"fmt"
	"github.com/evokg/evokg/workers"
	"log/slog"
	"time"

	"github.com/evokg/evokg/assets"
	"github.com/evokg/evokg/bandit"
	"github.com/evokg/evokg/cascade"
	"github.com/evokg/evokg/evolution"
	"github.com/evokg/evokg/ingest"
	"github.com/evokg/evokg/internal/app"
	"github.com/evokg/evokg/retrieval"
	"github.com/evokg/evokg/tasks"
	"github.com/evokg/evokg/utility"
	"github.com/evokg/evokg/validate"
)

// AppFlags configure a whole EvoKG process (API, worker, evolve).
type AppFlags struct {
	PostgresFlags    `embed:""`
	Neo4jFlags       `embed:""`
	OllamaFlags      `embed:""`
	Retrieval        retrieval.Config `embed:"" prefix:"retrieval-"`
	Ingest           ingest.Config    `embed:"" prefix:"ingest-"`
	Workers          workers.Config   `embed:""`
	EvolutionFlags   `embed:"" prefix:"evolution-"`
	NoMigrate        bool     `name:"no-migrate" env:"EVOKG_NO_MIGRATE" help:"Do not apply Postgres migrations and the Neo4j schema at start."`
	Cascade          []string `name:"cascade" env:"EVOKG_CASCADE" default:"principles,recipes,plan,boost,environment" help:"Cascade components the search bandit's cascade arm adds to a memory pack (MAGE): principles (A), recipes (B), plan (C), boost (D); environment (E) adds the G_env facts to an environment episode's pack on every arm; none for a plain pack."`
	Navigator        bool     `name:"navigator" env:"EVOKG_NAVIGATOR" default:"true" negatable:"" help:"Evolution's Navigator plans over the skill frontier and its plan steers the next curriculum selection (MAGE); --no-navigator skips it."`
	Critic           bool     `name:"critic" env:"EVOKG_CRITIC" default:"true" negatable:"" help:"Evolution's Critic scores each task type; its scores set harvested memories' quality and its notes reach the failure analyst (MAGE); --no-critic skips it."`
	WebhookHosts     []string `name:"webhook-hosts" env:"EVOKG_WEBHOOK_HOSTS" help:"Hosts (host or host:port) a task's webhook validator may call; none by default, which offers no webhook validator."`
	TasksPerWorker   int      `name:"tasks-per-worker" env:"EVOKG_TASKS_PER_WORKER,EVOKG_PRGII_TASKS_PER_WORKER" default:"${tasks_per_worker}" help:"PRGII tasks one worker process runs at once; the others wait queued."`
	RecruitThreshold float64  `name:"recruit-threshold" env:"EVOKG_RECRUIT_THRESHOLD" default:"${recruit_threshold}" help:"Cosine similarity between a question and a tool's or expert agent's description at or above which the asset is recruited (Mem2Evolve)."`
	Utility          bool     `name:"utility" env:"EVOKG_UTILITY" default:"true" negatable:"" help:"Memory utility: memories the teacher writes start probationary and are tried on validation items before they are served, a memory's utility enters its retrieval score (ζ) and live evidence quarantines one that keeps hurting; --no-utility serves every memory at once (an ablation)."`
	UtilityMinShown  int64    `name:"utility-min-shown" env:"EVOKG_UTILITY_MIN_SHOWN" default:"${utility_min_shown}" help:"Rewarded answers that showed a memory before live evidence may quarantine it."`
	ToolAuthoring    bool     `name:"tool-authoring" env:"EVOKG_TOOL_AUTHORING" default:"true" negatable:"" help:"Evolution's tool operation has the teacher model write sandboxed tools from a task type's memories, validated by their tests, which the learner's tool_call arm then recruits (Mem2Evolve); --no-tool-authoring skips it."`
	AgentCreation    bool     `name:"agent-creation" env:"EVOKG_AGENT_CREATION" default:"true" negatable:"" help:"After the tool operation, evolution has the teacher model write an expert agent (role, system prompt, the skill's validated tools) from a task type's successes, tried on training items before it is served (Mem2Evolve); --no-agent-creation skips it."`
	ToolRecruitment  bool     `name:"tool-recruitment" env:"EVOKG_TOOL_RECRUITMENT" default:"true" negatable:"" help:"Evolution's tool operation first tries the validated tools recruited for a failed question on the failed items and reuses one that covers them; --no-tool-recruitment always writes a new tool (an ablation)."`
	RetireJudged     int      `name:"tool-retire-judged" env:"EVOKG_TOOL_RETIRE_JUDGED" default:"${tool_retire_judged}" help:"Judged calls of a tool (errors, and completed calls of graded answers) since it was last restored before the retirement rule applies."`
	RetireShare      float64  `name:"tool-retire-share" env:"EVOKG_TOOL_RETIRE_SHARE" default:"${tool_retire_share}" help:"Share of a tool's judged calls that failed at or above which it is retired: kept and shown, never recruited, until restored."`
}

// mechanisms are the evolution loop's switchable guidance mechanisms.
func (f AppFlags) mechanisms() evolution.Mechanisms {
	return evolution.Mechanisms{NoNavigator: !f.Navigator, NoCritic: !f.Critic, NoToolAuthoring: !f.ToolAuthoring,
		NoAgentCreation: !f.AgentCreation, NoToolRecruitment: !f.ToolRecruitment, NoUtility: !f.Utility}
}

// cascadeComponents reads the --cascade list.
func cascadeComponents(names []string) (cascade.Components, error) {
	var c cascade.Components
	for _, n := range names {
		switch n {
		case "principles":
			c.Principles = true
		case "recipes":
			c.Recipes = true
		case "plan":
			c.Plan = true
		case "boost":
			c.Boost = true
		case "environment":
			c.Environment = true
		case "none":
		default:
			return c, fmt.Errorf("--cascade: %q is not a cascade component (principles, recipes, plan, boost, environment, none)", n)
		}
	}
	return c, nil
}

// zeroMeansOff maps a duration flag whose 0 turns its mechanism off (the
// projection linger, the bench's hold) to the configuration's spelling of
// off, a negative value: the configuration's zero is the default.
func zeroMeansOff(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}

// Validate runs after parsing.
func (f AppFlags) Validate() error {
	_, err := cascadeComponents(f.Cascade)
	if err != nil {
		return err
	}
	if f.RecruitThreshold < -1 || f.RecruitThreshold > 1 {
		return fmt.Errorf("--recruit-threshold: %g is not between -1 and 1", f.RecruitThreshold)
	}
	if f.RetireJudged < 1 || f.RetireShare <= 0 || f.RetireShare > 1 {
		return fmt.Errorf("--tool-retire-judged must be at least 1 (is %d) and --tool-retire-share in (0, 1] (is %g)", f.RetireJudged, f.RetireShare)
	}
	if f.Workers.ProjectLinger < 0 {
		return fmt.Errorf("--project-linger: %s is negative", f.Workers.ProjectLinger)
	}
	if f.Workers.DeadAfter < time.Second {
		return fmt.Errorf("--worker-dead-after: %s, need at least 1s", f.Workers.DeadAfter)
	}
	if err := validateIngest(f.Ingest); err != nil {
		return err
	}
	return nil
}

// EvolutionFlags are the admission caps of evolution runs (evolution.Limits).
type EvolutionFlags struct {
	MaxIterations int `name:"max-iterations" env:"EVOKG_EVOLUTION_MAX_ITERATIONS" default:"${evolution_max_iterations}" help:"Cap on the iterations of one evolution run (API and evolve)."`
	MaxPoolSize   int `name:"max-pool-size" env:"EVOKG_EVOLUTION_MAX_POOL_SIZE" default:"${evolution_max_pool_size}" help:"Cap on the questions of one evolution run, held-out split included (API and evolve)."`
	RunsPerWorker int `name:"runs-per-worker" env:"EVOKG_EVOLUTION_RUNS_PER_WORKER" default:"${evolution_runs_per_worker}" help:"Evolution runs one worker process executes at once; the others wait queued."`
}

// Limits returns the evolution caps.
func (f EvolutionFlags) Limits() evolution.Limits {
	return evolution.Limits{MaxIterations: f.MaxIterations, MaxPoolSize: f.MaxPoolSize, RunsPerWorker: f.RunsPerWorker}
}

// Validate runs after parsing.
func (f EvolutionFlags) Validate() error {
	return f.Limits().WithDefaults().Validate()
}

// AppConfig assembles the process configuration.
func (f AppFlags) AppConfig() app.Config {
	return app.Config{
		Postgres:   f.PostgresFlags.Config(),
		Graph:      f.Neo4jFlags.Config(),
		LLM:        f.OllamaFlags.LLMConfig(f.Postgres.EmbeddingDim),
		HTTP:       f.OllamaFlags.HTTPClient(),
		Retrieval:  f.retrievalConfig(),
		Utility:    utility.Policy{MinShown: f.UtilityMinShown, Off: !f.Utility},
		Ingest:     f.ingestConfig(),
		Bandit:     bandit.Config{},
		Workers:    f.workersConfig(),
		Evolution:  f.EvolutionFlags.Limits(),
		Migrate:    !f.NoMigrate,
		Cascade:    f.cascadeConfig(),
		Mechanisms: f.mechanisms(),
		Assets:     assets.Config{RecruitThreshold: f.RecruitThreshold, RetireJudged: f.RetireJudged, RetireShare: f.RetireShare},
		PRGII:      tasks.Config{Validators: validate.Config{WebhookHosts: f.WebhookHosts}, TasksPerWorker: f.TasksPerWorker},
	}
}

// ingestConfig is the ingest configuration, with the process's embedding
// dimension.
func (f AppFlags) ingestConfig() ingest.Config {
	c := f.Ingest
	c.EmbeddingDim = f.Postgres.EmbeddingDim
	return c
}

// workersConfig is the workers' configuration; --project-linger's 0 turns
// the linger off.
func (f AppFlags) workersConfig() workers.Config {
	c := f.Workers
	c.ProjectLinger = zeroMeansOff(c.ProjectLinger)
	return c
}

// validateIngest refuses ingest settings that cannot work, naming their
// flags.
func validateIngest(c ingest.Config) error {
	switch {
	case c.GroupCommit < 1:
		return fmt.Errorf("--ingest-group-commit: %d, need at least 1", c.GroupCommit)
	case c.Committers < 1:
		return fmt.Errorf("--ingest-committers: %d, need at least 1", c.Committers)
	case c.ReadTarget < 0 || c.ReadFloor <= 0:
		return fmt.Errorf("--ingest-read-target %s, --ingest-read-floor %g: need a target of 0 or more and a positive floor", c.ReadTarget, c.ReadFloor)
	case c.MaxLag < 0 || c.MaxHold <= 0 || c.MaxQueued < 1:
		return fmt.Errorf("--ingest-max-lag %s, --ingest-max-hold %s, --ingest-max-queued %d: need a lag of 0 or more, a positive hold and at least 1 queued", c.MaxLag, c.MaxHold, c.MaxQueued)
	}
	return nil
}

// retrievalConfig is the retrieval configuration; --no-utility gives
// utility no weight.
func (f AppFlags) retrievalConfig() retrieval.Config {
	cfg := f.Retrieval.WithDefaults()
	if !f.Utility {
		cfg.Weights.Zeta = 0
	}
	return cfg
}

// Open opens the app in mode.
func (f AppFlags) Open(ctx context.Context, mode app.Mode, logger *slog.Logger) (*app.App, error) {
	return app.Open(ctx, f.AppConfig(), mode, logger)
}

// cascadeConfig is the cascade configuration; Validate has refused unknown
// component names.
func (f AppFlags) cascadeConfig() cascade.Config {
	c, _ := cascadeComponents(f.Cascade)
	return cascade.Config{Components: c}
}

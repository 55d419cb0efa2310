package main

import (
	"context"
	"fmt"
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
	"github.com/evokg/evokg/workers"
)

// AppFlags configure a whole EvoKG process (API, worker, evolve). Each
// package's configuration is embedded as it is: its fields' tags declare
// the flags, environment variables, defaults and help. The switches below
// it are the process's own.
type AppFlags struct {
	PostgresFlags   `embed:""`
	Neo4jFlags      `embed:""`
	OllamaFlags     `embed:""`
	Retrieval       retrieval.Config `embed:"" prefix:"retrieval-"`
	Ingest          ingest.Config    `embed:"" prefix:"ingest-"`
	Workers         workers.Config   `embed:""`
	Evolution       evolution.Limits `embed:"" prefix:"evolution-"`
	Assets          assets.Config    `embed:""`
	Tasks           tasks.Config     `embed:""`
	UtilityPolicy   utility.Policy   `embed:""`
	NoMigrate       bool             `name:"no-migrate" env:"EVOKG_NO_MIGRATE" help:"Do not apply Postgres migrations and the Neo4j schema at start."`
	Cascade         []string         `name:"cascade" env:"EVOKG_CASCADE" default:"principles,recipes,plan,boost,environment" help:"Cascade components the search bandit's cascade arm adds to a memory pack (MAGE): principles (A), recipes (B), plan (C), boost (D); environment (E) adds the G_env facts to an environment episode's pack on every arm; none for a plain pack."`
	Navigator       bool             `name:"navigator" env:"EVOKG_NAVIGATOR" default:"true" negatable:"" help:"Evolution's Navigator plans over the skill frontier and its plan steers the next curriculum selection (MAGE); --no-navigator skips it."`
	Critic          bool             `name:"critic" env:"EVOKG_CRITIC" default:"true" negatable:"" help:"Evolution's Critic scores each task type; its scores set harvested memories' quality and its notes reach the failure analyst (MAGE); --no-critic skips it."`
	Utility         bool             `name:"utility" env:"EVOKG_UTILITY" default:"true" negatable:"" help:"Memory utility: memories the teacher writes start probationary and are tried on validation items before they are served, a memory's utility enters its retrieval score (ζ) and live evidence quarantines one that keeps hurting; --no-utility serves every memory at once (an ablation)."`
	ToolAuthoring   bool             `name:"tool-authoring" env:"EVOKG_TOOL_AUTHORING" default:"true" negatable:"" help:"Evolution's tool operation has the teacher model write sandboxed tools from a task type's memories, validated by their tests, which the learner's tool_call arm then recruits (Mem2Evolve); --no-tool-authoring skips it."`
	AgentCreation   bool             `name:"agent-creation" env:"EVOKG_AGENT_CREATION" default:"true" negatable:"" help:"After the tool operation, evolution has the teacher model write an expert agent (role, system prompt, the skill's validated tools) from a task type's successes, tried on validation items before it is served (Mem2Evolve); --no-agent-creation skips it."`
	ToolRecruitment bool             `name:"tool-recruitment" env:"EVOKG_TOOL_RECRUITMENT" default:"true" negatable:"" help:"Evolution's tool operation first tries the validated tools recruited for a failed question on the failed items and reuses one that covers them; --no-tool-recruitment always writes a new tool (an ablation)."`
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
	if a := f.Assets; a.RecruitThreshold < -1 || a.RecruitThreshold > 1 {
		return fmt.Errorf("--recruit-threshold: %g is not between -1 and 1", a.RecruitThreshold)
	}
	if a := f.Assets; a.RetireJudged < 1 || a.RetireShare <= 0 || a.RetireShare > 1 {
		return fmt.Errorf("--tool-retire-judged must be at least 1 (is %d) and --tool-retire-share in (0, 1] (is %g)", a.RetireJudged, a.RetireShare)
	}
	if f.Ingest.ProjectLinger < 0 {
		return fmt.Errorf("--ingest-project-linger: %s is negative", f.Ingest.ProjectLinger)
	}
	if f.Workers.DeadAfter < time.Second {
		return fmt.Errorf("--worker-dead-after: %s, need at least 1s", f.Workers.DeadAfter)
	}
	if err := validateIngest(f.Ingest); err != nil {
		return err
	}
	return nil
}

// AppConfig assembles the process configuration.
func (f AppFlags) AppConfig() app.Config {
	return app.Config{
		Postgres:   f.PostgresFlags.Config(),
		Graph:      f.Neo4jFlags.Config(),
		LLM:        f.OllamaFlags.LLMConfig(f.Postgres.EmbeddingDim),
		HTTP:       f.OllamaFlags.HTTPClient(),
		Retrieval:  f.retrievalConfig(),
		Utility:    f.utilityPolicy(),
		Ingest:     f.ingestConfig(),
		Bandit:     bandit.Config{},
		Workers:    f.Workers,
		Evolution:  f.Evolution,
		Migrate:    !f.NoMigrate,
		Cascade:    f.cascadeConfig(),
		Mechanisms: f.mechanisms(),
		Assets:     f.Assets,
		Tasks:      f.Tasks,
	}
}

// ingestConfig is the ingest configuration, with the process's embedding
// dimension; --ingest-project-linger's 0 turns the linger off.
func (f AppFlags) ingestConfig() ingest.Config {
	c := f.Ingest
	c.EmbeddingDim = f.Postgres.EmbeddingDim
	c.ProjectLinger = zeroMeansOff(c.ProjectLinger)
	return c
}

// utilityPolicy is the utility policy; --no-utility quarantines nothing on
// live evidence.
func (f AppFlags) utilityPolicy() utility.Policy {
	p := f.UtilityPolicy
	p.Off = !f.Utility
	return p
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

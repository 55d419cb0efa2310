// Package explorer is MAGE's Explorer role over the built-in environment
// (package world): it tours an episode's world, has the learner model
// list the entities and relations of every observation and writes them,
// with the observation, into the environment subgraph G_env; then it has
// the model plan the episode's goal over the relations G_env holds (never
// over the world's own state), plays the plan, and when the environment
// grades it a success harvests it as an action recipe: a
// success memory whose answer is the action sequence and whose signature
// is its operations, ingested (embedded) like every memory so that the
// learner retrieves it for the next episode of its task type.
package explorer

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	evokg "github.com/evokg/evokg"
	"github.com/evokg/evokg/graph"
	"github.com/evokg/evokg/world"
)

// Graph is the environment subgraph (*graph.Graph).
type Graph interface {
	UpsertWorldEntity(ctx context.Context, ns, name, kind string) (graph.WorldEntity, error)
	RelateWorld(ctx context.Context, ns, from, relation, to string) error
	AddObservation(ctx context.Context, ns string, o graph.Observation) (graph.Observation, error)
	WorldFacts(ctx context.Context, ns string, names []string, limit int) ([]graph.WorldFact, error)
}

// Memory appends memories, each retrievable when the call returns
// (*ingest.Service).
type Memory interface {
	IngestEmbedded(ctx context.Context, ns string, req evokg.ExperienceInput, idemKey string) (evokg.IngestReceipt, error)
}

// Defaults of Config.
const (
	// DefaultMaxObservations bounds the observations one exploration
	// sends to the model.
	DefaultMaxObservations = 32
	// DefaultMaxFacts and DefaultMaxFactChars bound the G_env relations
	// a plan is asked over.
	DefaultMaxFacts     = 200
	DefaultMaxFactChars = 4000
)

// Config configures the Explorer.
type Config struct {
	// MaxObservations bounds the observations of one exploration. Default
	// DefaultMaxObservations.
	MaxObservations int
	// MaxFacts and MaxFactChars bound the G_env relations the model plans
	// over: at most MaxFacts, rendered in at most MaxFactChars characters.
	// Default DefaultMaxFacts and DefaultMaxFactChars.
	MaxFacts, MaxFactChars int
}

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.MaxObservations = cmp.Or(c.MaxObservations, DefaultMaxObservations)
	c.MaxFacts = cmp.Or(c.MaxFacts, DefaultMaxFacts)
	c.MaxFactChars = cmp.Or(c.MaxFactChars, DefaultMaxFactChars)
	return c
}

// Explorer explores episodes of the built-in environment.
type Explorer struct {
	cfg    Config
	model  evokg.Learner
	graph  Graph
	memory Memory
	log    *slog.Logger
}

// New returns an Explorer.
func New(cfg Config, model evokg.Learner, g Graph, memory Memory, logger *slog.Logger) *Explorer {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Explorer{cfg: cfg.WithDefaults(), model: model, graph: g, memory: memory, log: logger}
}

// Result is what one exploration wrote.
type Result struct {
	Episode      string `json:"episode"`
	Observations int    `json:"observations"` // written to G_env
	Skipped      int    `json:"skipped"`      // observations the model gave no valid reply for
	Entities     int    `json:"entities"`
	Relations    int    `json:"relations"`
	ModelCalls   int    `json:"model_calls"`
	// Facts counts the G_env relations the plan was asked over; with none
	// the model is not asked and nothing is harvested.
	Facts int `json:"facts"`
	// Success is set when the model's plan reached the goal; Recipe is
	// then the actions played up to the goal, Signature their operations
	// and ExperienceID the success memory they were harvested as.
	Success      bool      `json:"success"`
	Recipe       string    `json:"recipe,omitempty"`
	Signature    []string  `json:"signature,omitempty"`
	ExperienceID uuid.UUID `json:"experience_id,omitempty"`
}

// Explore tours ep's world into G_env and harvests ep's action recipe.
// key makes it idempotent: the same key writes the same observations and
// the same memory again, not new ones.
func (x *Explorer) Explore(ctx context.Context, ns string, ep world.Episode, key string) (Result, error) {
	res, err := x.Tour(ctx, ns, ep, key)
	if err != nil {
		return res, err
	}
	harvested, err := x.Harvest(ctx, ns, ep, key)
	harvested.Observations, harvested.Skipped = res.Observations, res.Skipped
	harvested.Entities, harvested.Relations = res.Entities, res.Relations
	harvested.ModelCalls += res.ModelCalls
	return harvested, err
}

// Tour walks ep's world (env.Tour: every room, every container opened)
// and writes each observation, its entities and their relations into
// G_env, one learner-model call per observation. The same key writes
// the same observation nodes again, not new ones.
func (x *Explorer) Tour(ctx context.Context, ns string, ep world.Episode, key string) (Result, error) {
	res := Result{Episode: ep.ID}
	for i, text := range tourObservations(ep, x.cfg.MaxObservations) {
		if err := x.observe(ctx, ns, ep, key, i, text, &res); err != nil {
			return res, fmt.Errorf("observation %d of %s: %w", i, ep.ID, err)
		}
	}
	x.log.InfoContext(ctx, "explorer toured", slog.String("namespace", ns), slog.String("episode", ep.ID),
		slog.Int("observations", res.Observations), slog.Int("entities", res.Entities), slog.Int("skipped", res.Skipped))
	return res, nil
}

// Harvest has the model plan ep's goal over the G_env relations (one
// model call; none when G_env holds nothing), plays the plan in ep and,
// when the environment grades it a success, ingests it as an action
// recipe. The same key ingests the same memory again, not a new one.
func (x *Explorer) Harvest(ctx context.Context, ns string, ep world.Episode, key string) (Result, error) {
	res := Result{Episode: ep.ID}
	if err := x.harvest(ctx, ns, ep, key, &res); err != nil {
		return res, fmt.Errorf("action recipe of %s: %w", ep.ID, err)
	}
	return res, nil
}

// tourObservations plays env.Tour in ep's world and returns the first look
// and every action's observation, at most max.
func tourObservations(ep world.Episode, max int) []string {
	tour := world.Tour(ep)
	ep.MaxSteps = len(tour)
	s := world.NewSession(ep)
	out := []string{s.Look()}
	for _, a := range tour {
		if len(out) >= max {
			break
		}
		out = append(out, s.Do(a))
	}
	return out
}

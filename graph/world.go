package graph

// The world subgraph (MAGE's environment subgraph G_env): the world's
// entities, their relations and the Explorer's observations (package
// explorer writes them).

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// WorldEntity is an entity of the world subgraph (G_env).
type WorldEntity struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Kind      string    `json:"kind,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// Observation is an observation context recorded by an explorer.
type Observation struct {
	ID        uuid.UUID `json:"id"`
	Context   string    `json:"context"`
	Content   string    `json:"content"`
	Entities  []string  `json:"entities,omitempty"` // names of the WorldEntity nodes it observes
	CreatedAt time.Time `json:"created_at"`
}

// UpsertWorldEntity creates a world entity, or updates its kind when
// kind is not empty.
func (g *Graph) UpsertWorldEntity(ctx context.Context, ns, name, kind string) (WorldEntity, error) {
	if name == "" {
		return WorldEntity{}, evokg.Invalid(evokg.FieldError{Pointer: "/name", Detail: "is required"})
	}
	recs, err := g.writeOne(ctx, "world_entity_upsert", params(ns, "name", name, "kind", kind, "id", evokg.NewID().String()))
	if err != nil {
		return WorldEntity{}, err
	}
	r := rowOf(recs[0]).sub("entity")
	return WorldEntity{ID: r.str("id"), Name: r.str("name"), Kind: r.str("kind"), CreatedAt: r.time("created_at")}, nil
}

// RelateWorld draws a named relation between two world entities. The
// name is stored as a property of WORLD_RELATION, never as a type.
func (g *Graph) RelateWorld(ctx context.Context, ns, from, relation, to string) error {
	return g.link(ctx, "world_relate", params(ns, "from", from, "to", to, "relation", relation), "world entity "+from+" or "+to)
}

// AddObservation records an observation linked with OBSERVES to the named
// environment entities (created if needed). Idempotent by id; a zero id
// gets a new one.
func (g *Graph) AddObservation(ctx context.Context, ns string, o Observation) (Observation, error) {
	if o.ID == uuid.Nil {
		o.ID = evokg.NewID()
	}
	ents := make([]map[string]any, len(o.Entities))
	for i, name := range o.Entities {
		ents[i] = map[string]any{"name": name, "id": evokg.NewID().String()}
	}
	_, err := g.writeOne(ctx, "observation_add", params(ns, "id", o.ID.String(), "context", o.Context, "content", o.Content, "entities", ents))
	return o, err
}

// Observations returns the observations of an environment entity, oldest first.
func (g *Graph) Observations(ctx context.Context, ns, entity string) ([]Observation, error) {
	recs, err := g.readOne(ctx, "world_observations", params(ns, "name", entity))
	if err != nil {
		return nil, err
	}
	out := make([]Observation, len(recs))
	for i, rec := range recs {
		r := rowOf(rec).sub("observation")
		out[i] = Observation{ID: r.uuid("id"), Context: r.str("context"), Content: r.str("content"), CreatedAt: r.time("created_at")}
	}
	return out, nil
}

// WorldFact is one relation of G_env as the learner reads it, with how many
// hops it lies from the entities asked about (4: elsewhere in the map).
type WorldFact struct {
	From     string `json:"from"`
	Relation string `json:"relation"`
	To       string `json:"to"`
	Hops     int    `json:"hops"`
}

// WorldFacts returns the relations of G_env within three hops of the
// entities named (nearest first), then the rest of the subgraph, at most
// limit in all; none when the namespace's G_env is empty.
func (g *Graph) WorldFacts(ctx context.Context, ns string, names []string, limit int) ([]WorldFact, error) {
	recs, err := g.readOne(ctx, "world_facts", params(ns, "names", names, "limit", limit))
	if err != nil {
		return nil, err
	}
	out := make([]WorldFact, len(recs))
	for i, rec := range recs {
		r := rowOf(rec)
		out[i] = WorldFact{From: r.str("from"), Relation: r.str("relation"), To: r.str("to"), Hops: int(r.i64("hops"))}
	}
	return out, nil
}

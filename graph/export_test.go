package graph

import (
	"context"

	"github.com/google/uuid"

	"github.com/evokg/evokg"
)

// RecentNamespaces exposes recentNamespaces to the package's tests.
var RecentNamespaces = (*Graph).recentNamespaces

// ResolveEntities maps entity mentions to the names of the Entity nodes
// they denote, as projection resolves them, without writing.
func (g *Graph) ResolveEntities(ctx context.Context, ns string, mentions []string) ([]string, error) {
	return g.resolveMentions(ctx, ns, entityResolver, mentions)
}

// SchemaVersion returns the number of the last schema file this package ships.
func SchemaVersion() int {
	steps := schemaSteps()
	return steps[len(steps)-1].version
}

// ExperienceRecord returns the labels and the record digest of an
// experience node, or ENOTFOUND.
func (g *Graph) ExperienceRecord(ctx context.Context, ns string, id uuid.UUID) (labels []string, sha256 string, err error) {
	recs, err := g.readOne(ctx, "experience_get", params(ns, "id", id.String()))
	if err != nil {
		return nil, "", err
	}
	if len(recs) == 0 {
		return nil, "", evokg.Errorf(evokg.ENOTFOUND, "experience %s not found", id)
	}
	r := rowOf(recs[0]).sub("experience")
	return r.strs("labels"), r.str("record_sha256"), nil
}

package graph

import "context"

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

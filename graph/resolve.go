package graph

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/evokg/evokg"
)

// resolver names the statements of one resolvable node kind.
type resolver struct {
	kind       string // passed to the Disambiguator
	byNames    string
	candidates string
	normalize  func(string) string
}

var (
	operationResolver = resolver{kind: "operation", byNames: "operation_by_names", candidates: "operation_candidates", normalize: evokg.NormalizeOperation}
	entityResolver    = resolver{kind: "entity", byNames: "entity_by_names", candidates: "entity_candidates", normalize: normalizeEntity}
)

// resolved is the outcome of resolving one mention: the canonical node name
// and, for a node to create, its id and embedding.
type resolved struct {
	Name      string
	ID        string
	Embedding []float64 // nil when the node exists or no embedder is set
}

func normalizeEntity(s string) string { return strings.Join(strings.Fields(s), " ") }

// ResolveOperations maps operation mentions to the names of the Operation
// nodes they denote (see resolveNames), without writing anything.
func (g *Graph) ResolveOperations(ctx context.Context, ns string, mentions []string) ([]string, error) {
	return g.resolveMentions(ctx, ns, operationResolver, mentions)
}

// resolveMentions resolves mentions in order with the batch resolver: an
// exact normalized-name match wins; otherwise, with an embedder, the closest
// node with cosine ≥ τ_r, asking the Disambiguator when the top two are
// within the margin; otherwise a new node.
func (g *Graph) resolveMentions(ctx context.Context, ns string, k resolver, mentions []string) ([]string, error) {
	names := make([]string, len(mentions))
	for i, m := range mentions {
		if names[i] = k.normalize(m); names[i] == "" {
			return nil, evokg.Invalid(evokg.FieldError{Pointer: fmt.Sprintf("/%s/%d", k.kind, i), Detail: "must not be empty"})
		}
	}
	memo, err := g.resolveNames(ctx, ns, k, names)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(names))
	for i, name := range names {
		out[i] = memo[name].Name
	}
	return out, nil
}

func (g *Graph) existingNames(ctx context.Context, ns string, k resolver, names []string) (map[string]bool, error) {
	recs, err := g.readOne(ctx, k.byNames, params(ns, "names", names))
	if err != nil {
		return nil, err
	}
	found := make(map[string]bool, len(recs))
	for _, rec := range recs {
		found[rowOf(rec).str("name")] = true
	}
	return found, nil
}

// candidate is an existing node scored against a mention.
type candidate struct {
	Name   string
	Cosine float64
}

// pick returns the existing node a mention resolves to, or "" for a new one.
func (g *Graph) pick(ctx context.Context, ns string, k resolver, name string, vec []float64) (string, error) {
	recs, err := g.readOne(ctx, k.candidates, params(ns, "embedding", vec))
	if err != nil {
		return "", err
	}
	var top []candidate
	for _, rec := range recs {
		r := rowOf(rec)
		if c := (candidate{Name: r.str("name"), Cosine: r.f64("cosine")}); c.Cosine >= g.cfg.ResolveThreshold {
			top = append(top, c)
		}
	}
	switch {
	case len(top) == 0:
		return "", nil
	case len(top) == 1 || top[0].Cosine-top[1].Cosine > g.cfg.ResolveMargin || g.disambiguator == nil:
		return top[0].Name, nil
	}
	return g.disambiguate(ctx, k, name, top)
}

func (g *Graph) disambiguate(ctx context.Context, k resolver, name string, top []candidate) (string, error) {
	names := []string{top[0].Name, top[1].Name}
	choice, ok, err := g.disambiguator.Disambiguate(ctx, k.kind, name, names)
	if err != nil {
		return "", fmt.Errorf("graph: disambiguating %s %q: %w", k.kind, name, err)
	}
	g.logger.DebugContext(ctx, "mention disambiguated", "kind", k.kind, "mention", name, "candidates", names, "choice", choice, "existing", ok)
	if !ok {
		return "", nil
	}
	if !slices.Contains(names, choice) {
		return "", fmt.Errorf("graph: disambiguator chose %q, not one of %v", choice, names)
	}
	return choice, nil
}

func toFloat64(v []float32) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

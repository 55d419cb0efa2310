package graph

// Reads of APEX-EM's procedural knowledge graph beyond projection, and the
// edge-drawing helper the asset and environment writes share.

import (
	"context"

	"github.com/evokg/evokg"
)

// link runs a statement that draws one edge and returns "linked"; no row or
// zero means an endpoint is missing.
func (g *Graph) link(ctx context.Context, stmt string, p map[string]any, what string) error {
	recs, err := g.writeOne(ctx, stmt, p)
	if err != nil {
		return err
	}
	if len(recs) == 0 || rowOf(recs[0]).i64("linked") == 0 {
		return evokg.Errorf(evokg.ENOTFOUND, "%s not found", what)
	}
	return nil
}

// OperationVocabulary returns up to limit operation names of the namespace,
// the most used by experience signatures first.
func (g *Graph) OperationVocabulary(ctx context.Context, ns string, limit int) ([]string, error) {
	recs, err := g.readOne(ctx, "operation_vocabulary", params(ns, "limit", limit))
	if err != nil {
		return nil, err
	}
	names := make([]string, len(recs))
	for i, r := range recs {
		names[i] = rowOf(r).str("name")
	}
	return names, nil
}

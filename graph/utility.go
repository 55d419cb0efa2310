package graph

import (
	"context"

	"github.com/evokg/evokg"
)

// SetUtility copies memory utility onto the experience nodes of ns (the
// mirror of package utility's rows) and returns how many nodes it found: a
// memory whose projection has not run yet is not there.
func (g *Graph) SetUtility(ctx context.Context, ns string, us []evokg.Utility) (int, error) {
	rows := make([]map[string]any, len(us))
	for i, u := range us {
		rows[i] = map[string]any{"id": u.ID.String(), "state": string(u.State), "reason": u.Reason, "utility": u.Score,
			"shown_right": u.ShownRight, "shown_wrong": u.ShownWrong, "helped": u.Helped, "hurt": u.Hurt, "tied": u.Tied}
	}
	recs, err := g.writeOne(ctx, "experience_utility", params(ns, "rows", rows))
	if err != nil || len(recs) == 0 {
		return 0, err
	}
	return int(rowOf(recs[0]).i64("matched")), nil
}

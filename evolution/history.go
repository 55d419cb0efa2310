package evolution

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg/postgres"
)

// MasteryPoint is a skill's mastery after one iteration.
type MasteryPoint struct {
	Iteration int       `json:"iteration"`
	Mastery   float64   `json:"mastery"`
	At        time.Time `json:"at"`
}

// MasteryHistory returns a skill's mastery after every evolution iteration
// of namespace ns, read from the snapshots the Delta-Guard keeps.
func MasteryHistory(ctx context.Context, pool *pgxpool.Pool, ns, skill string) ([]MasteryPoint, error) {
	rows, err := pool.Query(ctx, queries.Get("mastery_history"), ns, skill)
	if err != nil {
		return nil, postgres.Translate(err, "reading mastery history")
	}
	points, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (MasteryPoint, error) {
		var p MasteryPoint
		return p, r.Scan(&p.Iteration, &p.Mastery, &p.At)
	})
	return points, postgres.Translate(err, "reading mastery history")
}

package ingest

import (
	"context"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// linkStore keeps the SIMILAR_TO candidates of each experience in Postgres
// (table experience_similar), the system of record the graph is rebuilt from.
type linkStore struct{ pool *pgxpool.Pool }

// saveBatch records the candidates of several experiences in one statement.
func (l *linkStore) saveBatch(ctx context.Context, ns string, similar map[uuid.UUID][]evokg.SimilarExperience) error {
	var from, to []uuid.UUID
	var cos []float64
	for id, list := range similar {
		seen := make(map[uuid.UUID]bool, len(list))
		for _, s := range list {
			if !seen[s.ID] {
				seen[s.ID] = true
				from, to, cos = append(from, id), append(to, s.ID), append(cos, s.Cosine)
			}
		}
	}
	if len(from) == 0 {
		return nil
	}
	if _, err := l.pool.Exec(ctx, queries.Get("save_similar_batch"), ns, from, to, cos); err != nil {
		return postgres.Translate(err, "saving similar experiences")
	}
	return nil
}

func (l *linkStore) load(ctx context.Context, ns string, id uuid.UUID) ([]evokg.SimilarExperience, error) {
	rows, err := l.pool.Query(ctx, queries.Get("load_similar"), ns, id)
	if err != nil {
		return nil, postgres.Translate(err, "loading similar experiences")
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (evokg.SimilarExperience, error) {
		var s evokg.SimilarExperience
		err := r.Scan(&s.ID, &s.Cosine)
		return s, err
	})
	if err != nil {
		return nil, postgres.Translate(err, "loading similar experiences")
	}
	return out, nil
}

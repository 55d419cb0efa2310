package workers

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// linkStore keeps the SIMILAR_TO candidates of each experience in Postgres
// (table experience_similar), the system of record the graph is rebuilt from.
type linkStore struct{ pool *pgxpool.Pool }

func (l *linkStore) save(ctx context.Context, ns string, id uuid.UUID, similar []Similar) error {
	if len(similar) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(similar))
	cos := make([]float64, len(similar))
	for i, s := range similar {
		ids[i], cos[i] = s.ID, s.Cosine
	}
	if _, err := l.pool.Exec(ctx, queries.Get("save_similar"), ns, id, ids, cos); err != nil {
		return fmt.Errorf("saving similar experiences: %w", err)
	}
	return nil
}

func (l *linkStore) load(ctx context.Context, ns string, id uuid.UUID) ([]Similar, error) {
	rows, err := l.pool.Query(ctx, queries.Get("load_similar"), ns, id)
	if err != nil {
		return nil, fmt.Errorf("loading similar experiences: %w", err)
	}
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Similar, error) {
		var s Similar
		err := r.Scan(&s.ID, &s.Cosine)
		return s, err
	})
	if err != nil {
		return nil, fmt.Errorf("loading similar experiences: %w", err)
	}
	return out, nil
}

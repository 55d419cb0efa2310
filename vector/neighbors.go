package vector

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// NeighborQuery asks for the K nearest experiences of one (namespace, task
// type) slice, both channels, with similarity at least MinSimilarity.
type NeighborQuery struct {
	Namespace, TaskType string
	Embedding           []float32
	K                   int
	MinSimilarity       float64
}

// Neighbors answers several neighbour queries in one round trip and one
// snapshot (result i answers qs[i]), reading ids and similarities only: it
// is what drawing SIMILAR_TO edges needs, without the payloads of Search.
func (s *Store) Neighbors(ctx context.Context, qs ...NeighborQuery) ([][]evokg.SimilarExperience, error) {
	batch := &pgx.Batch{}
	batch.Queue(queries.Get("scan_settings"), s.efSearch, iterativeScan, planCacheMode)
	for i, q := range qs {
		if err := s.checkNeighborQuery(q); err != nil {
			return nil, fmt.Errorf("neighbour query %d: %w", i, err)
		}
		batch.Queue(queries.Get("neighbors"), q.Namespace, q.TaskType, encode(q.Embedding), q.K, q.MinSimilarity, s.exactScanMax)
	}
	out, err := readBatch(s.pool.SendBatch(ctx, batch), len(qs), collectNeighbors)
	if err != nil {
		return nil, postgres.Translate(err, "searching neighbours")
	}
	return out, nil
}

func (s *Store) checkNeighborQuery(q NeighborQuery) error {
	var v evokg.Validator
	v.Check(q.Namespace != "", "/namespace", "is required")
	v.Check(q.TaskType != "", "/task_type", "is required")
	v.Check(q.K >= 1 && q.K <= MaxK, "/k", fmt.Sprintf("must be between 1 and %d", MaxK))
	if err := v.Err(); err != nil {
		return err
	}
	return s.checkEmbedding(q.Embedding)
}

func collectNeighbors(rows pgx.Rows) ([]evokg.SimilarExperience, error) {
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (evokg.SimilarExperience, error) {
		var nb evokg.SimilarExperience
		err := r.Scan(&nb.ID, &nb.Cosine)
		return nb, err
	})
}

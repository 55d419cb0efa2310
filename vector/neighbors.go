package vector

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// NearestQuery asks for the K nearest experiences of one (namespace, task
// type) slice, both channels, with similarity at least MinSimilarity.
type NearestQuery struct {
	Namespace, TaskType string
	Embedding           []float32
	K                   int
	MinSimilarity       float64
}

// Nearest answers several neighbour queries in one round trip (result i
// answers qs[i]), reading ids and similarities only: it is what drawing
// SIMILAR_TO edges needs, without the payloads of Search. The slices are
// counted first, once per (namespace, task type) of the batch; each query
// then runs one plain statement per non-empty channel, exact on a small
// slice, by the planner's choice on a large one. Planning those costs a fraction of
// one statement that gates all four branches itself.
func (s *Store) Nearest(ctx context.Context, qs ...NearestQuery) ([][]evokg.SimilarExperience, error) {
	for i, q := range qs {
		if err := s.checkNearestQuery(q); err != nil {
			return nil, fmt.Errorf("nearest query %d: %w", i, err)
		}
	}
	sizes, err := s.sliceSizes(ctx, qs)
	if err != nil {
		return nil, postgres.Translate(err, "counting neighbour slices")
	}
	batch := &pgx.Batch{}
	batch.Queue(queries.Get("scan_settings"), s.efSearch, iterativeScan, planCacheMode)
	owner := make([]int, 0, 2*len(qs)) // the query each statement answers
	for i, q := range qs {
		for _, ch := range []evokg.Channel{evokg.ChannelSuccess, evokg.ChannelFailure} {
			rows := sizes[sliceKey{q.Namespace, q.TaskType, ch}]
			if rows == 0 {
				continue
			}
			batch.Queue(queries.Get(neighborStatement(ch, rows < s.exactScanMax)),
				q.Namespace, q.TaskType, encode(q.Embedding), q.K, q.MinSimilarity)
			owner = append(owner, i)
		}
	}
	perStatement, err := readBatch(s.pool.SendBatch(ctx, batch), len(owner), collectNeighbors)
	if err != nil {
		return nil, postgres.Translate(err, "searching neighbours")
	}
	out := make([][]evokg.SimilarExperience, len(qs))
	for j, i := range owner {
		out[i] = append(out[i], perStatement[j]...)
	}
	for i, q := range qs {
		out[i] = nearest(out[i], q.K)
	}
	return out, nil
}

// sliceKey names one channel of a (namespace, task type) slice.
type sliceKey struct {
	ns, taskType string
	ch           evokg.Channel
}

// sliceSizes counts the rows of each channel of the slices the queries
// search, up to the exact-scan bound.
func (s *Store) sliceSizes(ctx context.Context, qs []NearestQuery) (map[sliceKey]int, error) {
	byNS := map[string][]string{}
	for _, q := range qs {
		if !slices.Contains(byNS[q.Namespace], q.TaskType) {
			byNS[q.Namespace] = append(byNS[q.Namespace], q.TaskType)
		}
	}
	out := make(map[sliceKey]int, 2*len(qs))
	for ns, taskTypes := range byNS {
		rows, err := s.pool.Query(ctx, queries.Get("slice_sizes"), ns, taskTypes, s.exactScanMax)
		if err != nil {
			return nil, err
		}
		var tt string
		var success, failure int
		_, err = pgx.ForEachRow(rows, []any{&tt, &success, &failure}, func() error {
			out[sliceKey{ns, tt, evokg.ChannelSuccess}] = success
			out[sliceKey{ns, tt, evokg.ChannelFailure}] = failure
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// neighborStatement names the query of a channel's slice.
func neighborStatement(ch evokg.Channel, small bool) string {
	if small {
		return "neighbors_" + string(ch) + "_exact"
	}
	return "neighbors_" + string(ch) + "_ann"
}

// nearest returns the k most similar of both channels' hits, most similar
// first, ties by id.
func nearest(hits []evokg.SimilarExperience, k int) []evokg.SimilarExperience {
	slices.SortFunc(hits, func(a, b evokg.SimilarExperience) int {
		if c := cmp.Compare(b.Cosine, a.Cosine); c != 0 {
			return c
		}
		return bytes.Compare(a.ID[:], b.ID[:])
	})
	return hits[:min(k, len(hits))]
}

func (s *Store) checkNearestQuery(q NearestQuery) error {
	var v evokg.FieldErrors
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

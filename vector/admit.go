package vector

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg/postgres"
)

// AdmitChunk is a good limit for one AdmitGrownSlices call: moving a row
// costs an HNSW insert (1.9–5 ms on 2 cores), and each call is one
// transaction that holds the row locks of what it moves.
const AdmitChunk = 64

// memoryChannels are the tables whose slices are admitted to their HNSW
// index as they grow, named by channel.
var memoryChannels = []string{"success", "failure"}

// AdmitGrownSlices moves into the HNSW indexes the tails of the slices of
// namespace ns among taskTypes that have grown to the exact-scan bound, at
// most limit rows (all when limit ≤ 0), and lists those slices so that
// their later rows enter the index as they are inserted. It returns how
// many rows it moved; a later call moves the rest.
//
// A slice below the bound is searched exactly, so its rows stay out of the
// index: inserting into an HNSW graph was most of Postgres's time per
// ingested experience, and the graph of a partition stays free of the
// small slices it could not serve (migrations/00021_ann_admission.sql).
// The listing commits before the tail moves: an insert that starts meanwhile
// enters the index itself instead of joining a tail that is being moved.
// Run it off the request path: the projection worker does after each
// batch, AdmitChunk rows at a time.
func (s *Store) AdmitGrownSlices(ctx context.Context, ns string, taskTypes []string, limit int) (int, error) {
	if len(taskTypes) == 0 {
		return 0, nil
	}
	taskTypes = slices.Compact(slices.Sorted(slices.Values(taskTypes)))
	list := &pgx.Batch{}
	for _, ch := range memoryChannels {
		list.Queue(queries.Get("list_grown_"+ch), ns, taskTypes, s.exactScanMax)
	}
	grown, err := readBatchRows[[]string](s.pool.SendBatch(ctx, list), list.Len())
	if err != nil {
		return 0, postgres.Translate(err, "listing grown slices for the HNSW index")
	}
	admit := &pgx.Batch{}
	for i, ch := range memoryChannels {
		if len(grown[i]) > 0 {
			admit.Queue(queries.Get("admit_tail_"+ch), ns, grown[i], rowLimit(limit))
		}
	}
	if admit.Len() == 0 {
		return 0, nil
	}
	moved, err := readBatchRows[int](s.pool.SendBatch(ctx, admit), admit.Len())
	if err != nil {
		return 0, postgres.Translate(err, "admitting grown slices to the HNSW index")
	}
	total := 0
	for _, m := range moved {
		total += m
	}
	return total, nil
}

// rowLimit is a LIMIT parameter: NULL, no limit, for n ≤ 0.
func rowLimit(n int) *int {
	if n <= 0 {
		return nil
	}
	return &n
}

// readBatchRows reads the single value each statement of a batch returns.
func readBatchRows[T any](br pgx.BatchResults, n int) ([]T, error) {
	defer br.Close()
	out := make([]T, n)
	for i := range out {
		if err := br.QueryRow().Scan(&out[i]); err != nil {
			return nil, err
		}
	}
	return out, br.Close()
}

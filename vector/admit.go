package vector

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg/postgres"
)

// AdmitGrownSlices moves into the HNSW indexes the tails of the slices of
// namespace ns among taskTypes that have grown to the exact-scan bound, and
// lists those slices so that their later rows enter the index as they are
// inserted. It returns how many rows it moved.
//
// A slice below the bound is searched exactly, so its rows stay out of the
// index: inserting into an HNSW graph was most of Postgres's time per
// ingested experience, and the graph of a partition stays free of the
// small slices it could not serve (migrations/00021_ann_admission.sql).
// Run it off the request path: Neighbors, which the projection worker calls
// per batch, does for the slices it counts at the bound.
func (s *Store) AdmitGrownSlices(ctx context.Context, ns string, taskTypes []string) (int, error) {
	if len(taskTypes) == 0 {
		return 0, nil
	}
	taskTypes = slices.Compact(slices.Sorted(slices.Values(taskTypes)))
	batch := &pgx.Batch{}
	for _, q := range []string{"admit_success", "admit_failure"} {
		batch.Queue(queries.Get(q), ns, taskTypes, s.exactScanMax)
	}
	moved, err := readBatchCounts(s.pool.SendBatch(ctx, batch), batch.Len())
	return moved, postgres.Translate(err, "admitting grown slices to the HNSW index")
}

// readBatchCounts sums the single count each statement of a batch returns.
func readBatchCounts(br pgx.BatchResults, n int) (int, error) {
	defer br.Close()
	total := 0
	for range n {
		var c int
		if err := br.QueryRow().Scan(&c); err != nil {
			return 0, err
		}
		total += c
	}
	return total, br.Close()
}

package vector

import (
	"context"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg/postgres"
)

// ListGrownSlices lists the slices of namespace ns among taskTypes that
// have grown to the exact-scan bound, in either channel, so that their rows
// enter the HNSW index as they are inserted from then on. It returns how
// many it listed.
//
// A slice below the bound is searched exactly, so its rows stay out of the
// index: inserting into an HNSW graph was most of Postgres's time per
// ingested experience, and a partition's graph stays free of the small
// slices it could not serve. The rows a slice holds when it is listed stay
// in its tail, which every search of the slice scans exactly; moving them
// into the index would cost an HNSW insert each, all at once
// (postgres/migrations/00021_ann_slices.sql). Run it off the request path: the
// projection worker does after each batch.
func (s *Store) ListGrownSlices(ctx context.Context, ns string, taskTypes []string) (int, error) {
	if len(taskTypes) == 0 {
		return 0, nil
	}
	taskTypes = slices.Compact(slices.Sorted(slices.Values(taskTypes)))
	batch := &pgx.Batch{}
	for _, ch := range []string{"success", "failure"} {
		batch.Queue(queries.Get("list_grown_"+ch), ns, taskTypes, s.exactScanMax)
	}
	listed, err := readBatchCounts(s.pool.SendBatch(ctx, batch), batch.Len())
	return listed, postgres.Translate(err, "listing grown slices for the HNSW index")
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

// Package maintenance reclaims the storage Postgres does not reclaim on its
// own: the pages of HNSW vector indexes whose rows were deleted (a namespace
// purge, pruning). VACUUM makes that space reusable by later inserts into
// the same partition but never returns it, and a partition whose namespace
// is gone may never be written again.
//
// A reindex measures every HNSW index of the schema against the rows its
// table holds and rebuilds the bloated ones with REINDEX INDEX CONCURRENTLY,
// which does not block reads or writes. It is global, not per namespace: the
// indexes are shared by the namespaces whose (namespace, task type) hash to
// the same partition.
package maintenance

import (
	"cmp"
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

//go:embed queries/*.sql
var queryFiles embed.FS

var queries = postgres.MustLoadQueries(queryFiles)

// Config decides which indexes are bloated. Zero fields take the defaults.
type Config struct {
	// BloatFactor: an index is bloated when it is more than BloatFactor
	// times the size a fresh build for its live rows takes. Default 2.
	BloatFactor float64
	// MinReclaimBytes: and when a rebuild would free at least this much.
	// Default 1 MiB: smaller gains are not worth a rebuild.
	MinReclaimBytes int64
}

// Defaults of Config.
const (
	DefaultBloatFactor     = 2
	DefaultMinReclaimBytes = 1 << 20
)

// WithDefaults returns c with zero fields set to their defaults.
func (c Config) WithDefaults() Config {
	c.BloatFactor = cmp.Or(c.BloatFactor, DefaultBloatFactor)
	c.MinReclaimBytes = cmp.Or(c.MinReclaimBytes, DefaultMinReclaimBytes)
	return c
}

func (c Config) validate() error {
	if c.BloatFactor < 1 {
		return fmt.Errorf("maintenance: bloat factor %g, need at least 1", c.BloatFactor)
	}
	if c.MinReclaimBytes < 0 {
		return errors.New("maintenance: the minimum reclaim must not be negative")
	}
	return nil
}

// Service runs maintenance on one database (the schema first on its search path).
type Service struct {
	pool   *pgxpool.Pool
	cfg    Config
	logger *slog.Logger
}

var _ evokg.MaintenanceService = (*Service)(nil)

// New returns a Service. It returns an error for an invalid Config.
func New(pool *pgxpool.Pool, cfg Config, logger *slog.Logger) (*Service, error) {
	cfg = cfg.WithDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	return &Service{pool: pool, cfg: cfg, logger: logger}, nil
}

// vectorIndex is one HNSW index as measured.
type vectorIndex struct {
	qualified, name, table string
	bytes, liveRows        int64
	dim                    int
	reindex                string
}

// Reindex rebuilds the bloated vector indexes, one at a time, and reports
// their sizes before and after. When ctx ends it starts no further rebuild
// and names the indexes left in Report.Remaining; the rebuild under way is
// finished, since cancelling REINDEX CONCURRENTLY leaves an invalid copy of
// the index behind. A second reindex of the same schema while one runs is
// ECONFLICT.
func (s *Service) Reindex(ctx context.Context, opts evokg.ReindexOptions) (evokg.ReindexReport, error) {
	start := time.Now()
	report := evokg.ReindexReport{DryRun: opts.DryRun, Rebuilt: []evokg.IndexRebuild{}}
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return report, postgres.Translate(err, "connecting to postgres")
	}
	defer conn.Release()
	if err := lock(ctx, conn); err != nil {
		return report, err
	}
	defer conn.Exec(context.WithoutCancel(ctx), queries.Get("reindex_unlock")) //nolint:errcheck // released with the session anyway
	indexes, err := listIndexes(ctx, conn)
	if err != nil {
		return report, err
	}
	report.Checked = len(indexes)
	for _, ix := range indexes {
		if !s.bloated(ix) {
			continue
		}
		if ctx.Err() != nil {
			report.Remaining = append(report.Remaining, ix.name)
			continue
		}
		rebuilt, err := s.rebuild(ctx, conn, ix, opts.DryRun)
		if err != nil {
			return report, err
		}
		report.Rebuilt = append(report.Rebuilt, rebuilt)
		if !opts.DryRun {
			report.ReclaimedBytes += rebuilt.BytesBefore - rebuilt.BytesAfter
		}
	}
	report.DurationMS = ms(time.Since(start))
	return report, nil
}

func lock(ctx context.Context, conn *pgxpool.Conn) error {
	var locked bool
	if err := conn.QueryRow(ctx, queries.Get("reindex_lock")).Scan(&locked); err != nil {
		return postgres.Translate(err, "taking the reindex lock")
	}
	if !locked {
		return evokg.Errorf(evokg.ECONFLICT, "a reindex of the vector indexes is already running")
	}
	return nil
}

func listIndexes(ctx context.Context, conn *pgxpool.Conn) ([]vectorIndex, error) {
	rows, err := conn.Query(ctx, queries.Get("vector_indexes"))
	if err != nil {
		return nil, postgres.Translate(err, "listing the vector indexes")
	}
	indexes, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (vectorIndex, error) {
		var ix vectorIndex
		err := r.Scan(&ix.qualified, &ix.name, &ix.table, &ix.bytes, &ix.liveRows, &ix.dim, &ix.reindex)
		return ix, err
	})
	if err != nil {
		return nil, postgres.Translate(err, "listing the vector indexes")
	}
	return indexes, nil
}

// rebuild reindexes ix (unless dry) on a context the caller cannot cancel.
func (s *Service) rebuild(ctx context.Context, conn *pgxpool.Conn, ix vectorIndex, dry bool) (evokg.IndexRebuild, error) {
	out := evokg.IndexRebuild{Index: ix.name, Table: ix.table, LiveRows: ix.liveRows, BytesBefore: ix.bytes,
		ExpectedBytes: expectedBytes(ix.liveRows, ix.dim)}
	if dry {
		return out, nil
	}
	ctx = context.WithoutCancel(ctx)
	start := time.Now()
	if _, err := conn.Exec(ctx, ix.reindex); err != nil {
		return out, postgres.Translate(err, "rebuilding index "+ix.name)
	}
	out.DurationMS = ms(time.Since(start))
	if err := conn.QueryRow(ctx, queries.Get("index_size"), ix.qualified).Scan(&out.BytesAfter); err != nil {
		return out, postgres.Translate(err, "measuring index "+ix.name)
	}
	s.logger.InfoContext(ctx, "vector index rebuilt", slog.String("index", ix.name), slog.Int64("live_rows", ix.liveRows),
		slog.Int64("bytes_before", out.BytesBefore), slog.Int64("bytes_after", out.BytesAfter), slog.Float64("duration_ms", out.DurationMS))
	return out, nil
}

// bloated: larger than BloatFactor fresh builds, and a rebuild frees at
// least MinReclaimBytes.
func (s *Service) bloated(ix vectorIndex) bool {
	if ix.dim <= 0 {
		return false // not a vector column with a known dimension
	}
	expected := expectedBytes(ix.liveRows, ix.dim)
	return float64(ix.bytes) > s.cfg.BloatFactor*float64(expected) && ix.bytes-expected >= s.cfg.MinReclaimBytes
}

// HNSW page layout (pgvector 0.8, m = 16 as the migrations create them).
const (
	pageBytes = 8192
	// pageRoom is what a page holds after its header and special space.
	pageRoom = 8160
	// elementOverhead is an element's bytes besides its vector's 4·dim: the
	// element tuple's header and heap pointers with the vector's header
	// (80), its layer-0 neighbour list of 2m links of 6 bytes with its
	// header (200), and two line pointers (8).
	elementOverhead = 288
)

// expectedBytes estimates the size of a freshly built HNSW index of rows
// vectors of dim dimensions: a metapage, then whole pages of elements (one
// at least, even empty). At dim 768 a page holds two elements: 4,096 bytes
// per row, as measured.
func expectedBytes(rows int64, dim int) int64 {
	perPage := max(1, int64(pageRoom/(4*dim+elementOverhead)))
	return pageBytes * (1 + max(1, (rows+perPage-1)/perPage))
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

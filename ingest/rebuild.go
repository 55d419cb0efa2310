package ingest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/evokg/evokg"
)

// rebuildPage is how many experiences RebuildGraph reads at a time.
const rebuildPage = 500

// RebuildGraph re-projects every committed experience of ns from Postgres
// into the graph, oldest first (the order they were first projected in),
// with the SIMILAR_TO candidates recorded at projection time, a page per
// graph transaction when the projector batches (BatchProjector). Projection is
// idempotent, so it can run on an intact, a partial or an empty graph. It
// writes one progress line per page to progress (may be nil) and returns
// how many experiences it projected.
func RebuildGraph(ctx context.Context, pool *pgxpool.Pool, projector Projector, ns string, progress io.Writer) (int, error) {
	if progress == nil {
		progress = io.Discard
	}
	links := &linkStore{pool: pool}
	after, done := uuid.Nil, 0
	for {
		page, err := committedPage(ctx, pool, ns, after)
		if err != nil {
			return done, err
		}
		if err := rebuildBatch(ctx, links, projector, page); err != nil {
			return done, err
		}
		done += len(page)
		if len(page) > 0 {
			fmt.Fprintf(progress, "rebuilt %d experiences of %s\n", done, ns)
		}
		if len(page) < rebuildPage {
			return done, nil
		}
		after = page[len(page)-1].ID
	}
}

// rebuildBatch projects one page: in one batch when the projector batches,
// else one experience at a time.
func rebuildBatch(ctx context.Context, links *linkStore, projector Projector, page []evokg.Experience) error {
	similar := make(map[uuid.UUID][]evokg.SimilarExperience, len(page))
	exps := make([]*evokg.Experience, len(page))
	for i := range page {
		exp := &page[i]
		s, err := links.load(ctx, exp.Namespace, exp.ID)
		if err != nil {
			return err
		}
		similar[exp.ID], exps[i] = s, exp
	}
	if bp, ok := projector.(BatchProjector); ok && len(exps) > 0 {
		if err := bp.ProjectExperiences(ctx, exps, similar); err != nil {
			return fmt.Errorf("projecting %d experiences: %w", len(exps), err)
		}
		return nil
	}
	for _, exp := range exps {
		if err := projector.ProjectExperience(ctx, exp, similar[exp.ID]); err != nil {
			return fmt.Errorf("projecting experience %s: %w", exp.ID, err)
		}
	}
	return nil
}

func committedPage(ctx context.Context, pool *pgxpool.Pool, ns string, after uuid.UUID) ([]evokg.Experience, error) {
	rows, err := pool.Query(ctx, queries.Get("committed_page"), ns, after, rebuildPage)
	if err != nil {
		return nil, fmt.Errorf("reading committed experiences: %w", err)
	}
	page, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (evokg.Experience, error) {
		var raw []byte
		var exp evokg.Experience
		if err := r.Scan(&raw); err != nil {
			return exp, err
		}
		return exp, json.Unmarshal(raw, &exp)
	})
	if err != nil {
		return nil, fmt.Errorf("reading committed experiences: %w", err)
	}
	return page, nil
}

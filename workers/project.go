package workers

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/ingest"
)

var errNoProjection = errors.New("the experience is still being evaluated")

// projectWorker writes a queued experience into Neo4j with its SIMILAR_TO
// candidates and marks it committed.
type projectWorker struct {
	river.WorkerDefaults[ingest.ProjectArgs]
	deps   Deps
	cfg    Config
	links  *linkStore
	logger *slog.Logger
}

func (w *projectWorker) Work(ctx context.Context, job *river.Job[ingest.ProjectArgs]) error {
	a := job.Args
	err := w.work(ctx, job)
	return settle(ctx, w.deps.Ingest, w.logger, job.JobRow, a.Namespace, a.ExperienceID, "graph projection", err)
}

func (w *projectWorker) work(ctx context.Context, job *river.Job[ingest.ProjectArgs]) error {
	a := job.Args
	rec, err := w.deps.Ingest.Get(ctx, a.Namespace, a.ExperienceID)
	if err != nil {
		return err
	}
	if rec.Status == ingest.StatusEvaluating {
		return errNoProjection
	}
	t0 := time.Now()
	similar, err := w.similar(ctx, &rec.Experience, a.Embedding)
	if err != nil {
		return err
	}
	t1 := time.Now()
	if err := w.deps.Projector.ProjectExperience(ctx, &rec.Experience, similar); err != nil {
		return err
	}
	t2 := time.Now()
	if err := w.deps.Ingest.MarkCommitted(ctx, a.Namespace, a.ExperienceID); err != nil {
		return err
	}
	w.logger.DebugContext(ctx, "projected experience", "experience", a.ExperienceID,
		"similar", len(similar), "similar_ms", ms(t1.Sub(t0)), "graph_ms", ms(t2.Sub(t1)),
		"lag_ms", ms(time.Since(time.UnixMicro(a.EnqueuedAtUnixMicro))))
	return nil
}

// similar finds the SIMILAR_TO candidates once (pgvector neighbours above
// the threshold) and records them, so a retry or a graph rebuild draws the
// same edges.
func (w *projectWorker) similar(ctx context.Context, exp *evokg.Experience, embedding []float32) ([]Similar, error) {
	if w.deps.Neighbors == nil || embedding == nil {
		return w.links.load(ctx, exp.Namespace, exp.ID)
	}
	hits, err := w.deps.Neighbors.Similar(ctx, exp, embedding, w.cfg.SimilarK+1, w.cfg.SimilarThreshold)
	if err != nil {
		return nil, err
	}
	var out []Similar
	for _, h := range hits {
		if h.ID != exp.ID && h.Cosine > w.cfg.SimilarThreshold {
			out = append(out, h)
		}
	}
	if err := w.links.save(ctx, exp.Namespace, exp.ID, out); err != nil {
		return nil, err
	}
	return out, nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

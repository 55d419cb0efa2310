package workers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/evokg/evokg/ingest"
)

// embedWorker embeds the pre-evaluated experiences of one request that
// came without an embedding and queues them for projection. While the
// embedding model is unreachable the job retries with backoff; the
// experiences stay accepted, in status embedding, with the last failure as
// their reason.
type embedWorker struct {
	river.WorkerDefaults[ingest.EmbedArgs]
	deps   Deps
	logger *slog.Logger
}

func (w *embedWorker) Work(ctx context.Context, job *river.Job[ingest.EmbedArgs]) error {
	a := job.Args
	waiting, err := w.deps.Ingest.CompleteEmbedding(ctx, a.Namespace, a.ExperienceIDs)
	if err == nil || len(waiting) == 0 {
		return err
	}
	var decision error
	for _, id := range waiting {
		decision = settle(ctx, w.deps.Ingest, w.logger, job.JobRow, a.Namespace, id, "embedding", err)
	}
	return decision
}

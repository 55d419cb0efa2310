package workers

import (
	"context"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg/ingest"
)

// Forgetter removes deleted experiences from the graph (*graph.Graph).
type Forgetter interface {
	DeleteExperiences(ctx context.Context, ns string, ids []uuid.UUID) (int64, error)
}

// ForgetWorker works ingest.ForgetArgs: the graph half of deleting or
// pruning non-protected memories. Register it with AddWorkers.
type ForgetWorker struct {
	river.WorkerDefaults[ingest.ForgetArgs]
	graph Forgetter
}

// NewForgetWorker returns the worker of deletion jobs.
func NewForgetWorker(g Forgetter) *ForgetWorker { return &ForgetWorker{graph: g} }

// Work implements river.Worker.
func (w *ForgetWorker) Work(ctx context.Context, job *river.Job[ingest.ForgetArgs]) error {
	_, err := w.graph.DeleteExperiences(ctx, job.Args.Namespace, job.Args.IDs)
	return err
}

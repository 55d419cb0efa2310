package workers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/utility"
)

// UtilityReader reads memory utility (*utility.Store).
type UtilityReader interface {
	Many(ctx context.Context, ns string, ids []uuid.UUID) ([]evokg.Utility, error)
}

// UtilityGraph holds the mirror of memory utility (*graph.Graph).
type UtilityGraph interface {
	SetUtility(ctx context.Context, ns string, us []evokg.Utility) (int, error)
}

// MirrorWorker works utility.MirrorArgs: it copies the current utility
// rows of the job's memories onto their Neo4j nodes. A memory whose node is
// not projected yet (a memory written on probation is mirrored from its
// ingest transaction, beside its projection job) fails the attempt, retried
// after attempt × 2 s. Register it with AddWorkers.
type MirrorWorker struct {
	river.WorkerDefaults[utility.MirrorArgs]
	rows  UtilityReader
	graph UtilityGraph
}

// NewMirrorWorker returns the worker of mirror jobs.
func NewMirrorWorker(rows UtilityReader, g UtilityGraph) *MirrorWorker {
	return &MirrorWorker{rows: rows, graph: g}
}

// NextRetry waits for the projection: 2 s, 4 s, 6 s… (about 10 minutes
// over the job's 25 attempts).
func (w *MirrorWorker) NextRetry(job *river.Job[utility.MirrorArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt) * 2 * time.Second)
}

// Work implements river.Worker.
func (w *MirrorWorker) Work(ctx context.Context, job *river.Job[utility.MirrorArgs]) error {
	us, err := w.rows.Many(ctx, job.Args.Namespace, job.Args.IDs)
	if err != nil || len(us) == 0 {
		return err
	}
	matched, err := w.graph.SetUtility(ctx, job.Args.Namespace, us)
	if err != nil {
		return err
	}
	if matched < len(us) {
		return fmt.Errorf("%d of %d memories are not in the graph yet", len(us)-matched, len(us))
	}
	return nil
}

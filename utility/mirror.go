package utility

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
)

// MirrorArgs asks a worker to copy the utility of memories onto their Neo4j
// nodes (mirrorWorker). The worker reads the current rows, so a
// late or repeated job writes the latest state.
type MirrorArgs struct {
	Namespace string      `json:"namespace"`
	IDs       []uuid.UUID `json:"ids"`
}

// QueueMirror is the River queue of mirror jobs: the graph-projection queue.
const QueueMirror = "ingest_project"

// Kind implements river.JobArgs.
func (MirrorArgs) Kind() string { return "utility_mirror" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (MirrorArgs) KindAliases() []string { return []string{"evokg_memory_utility_mirror"} }

// InsertOpts implements river.JobArgsWithInsertOpts.
// A memory not projected yet is retried (mirrorWorker.NextRetry),
// 25 attempts.
func (MirrorArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMirror, MaxAttempts: 25}
}

// MirrorGraph holds the mirror of memory utility (*graph.Graph).
type MirrorGraph interface {
	SetUtility(ctx context.Context, ns string, us []evokg.Utility) (int, error)
}

// mirrorWorker works MirrorArgs: it copies the current utility rows
// of the job's memories onto their Neo4j nodes. A memory whose node is
// not projected yet (a memory written on probation is mirrored from its
// ingest transaction, beside its projection job) fails the attempt, retried
// after attempt × 2 s.
type mirrorWorker struct {
	river.WorkerDefaults[MirrorArgs]
	rows  *Store
	graph MirrorGraph
}

// NextRetry waits for the projection: 2 s, 4 s, 6 s… (about 10 minutes
// over the job's 25 attempts).
func (w *mirrorWorker) NextRetry(job *river.Job[MirrorArgs]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt) * 2 * time.Second)
}

func (w *mirrorWorker) Work(ctx context.Context, job *river.Job[MirrorArgs]) error {
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

// Workers are the worker of the mirror jobs as a job client takes them.
type Workers struct {
	mirror *mirrorWorker
}

// Workers returns the worker of the mirror jobs, writing onto g.
func (s *Store) Workers(g MirrorGraph) *Workers {
	return &Workers{mirror: &mirrorWorker{rows: s, graph: g}}
}

// Queues is empty: mirror jobs run on the projection queue (QueueMirror),
// which the ingest workers declare.
func (w *Workers) Queues() map[string]river.QueueConfig { return nil }

// AddWorkers registers the mirror worker on ws.
func (w *Workers) AddWorkers(ws *river.Workers) error { return river.AddWorkerSafely(ws, w.mirror) }

package ingest

import (
	"context"
	"errors"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// ForgetArgs asks a worker to remove deleted experiences from the graph.
// It is enqueued in the transaction that deletes their Postgres rows, so
// the two stores never disagree for longer than the job takes.
type ForgetArgs struct {
	Namespace string      `json:"namespace"`
	IDs       []uuid.UUID `json:"ids"`
}

// Kind implements river.JobArgs.
func (ForgetArgs) Kind() string { return "ingest_forget" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (ForgetArgs) KindAliases() []string { return []string{"evokg_forget"} }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (ForgetArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueProject} }

// Forgetter removes deleted experiences from the graph (*graph.Graph).
type Forgetter interface {
	DeleteExperiences(ctx context.Context, ns string, ids []uuid.UUID) (int64, error)
}

// forgetWorker works ForgetArgs: the graph half of deleting or pruning
// non-protected memories.
type forgetWorker struct {
	river.WorkerDefaults[ForgetArgs]
	graph Forgetter
}

func (w *forgetWorker) Work(ctx context.Context, job *river.Job[ForgetArgs]) error {
	_, err := w.graph.DeleteExperiences(ctx, job.Args.Namespace, job.Args.IDs)
	return err
}

// Delete removes one memory from both stores. Protected memories
// (principles, failure and success memories) are append-only: deleting
// one is EPROTECTED and changes nothing.
func (s *Service) Delete(ctx context.Context, ns string, id uuid.UUID) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var outcome evokg.Outcome
		err := tx.QueryRow(ctx, queries.Get("lock_experience_outcome"), ns, id).Scan(&outcome)
		if errors.Is(err, pgx.ErrNoRows) {
			return evokg.Errorf(evokg.ENOTFOUND, "experience %s not found", id)
		}
		if err != nil {
			return err
		}
		if outcome.Protected() {
			return evokg.Errorf(evokg.EPROTECTED, "experience %s is a %s", id, outcome)
		}
		if _, err := tx.Exec(ctx, queries.Get("delete_experience"), ns, id); err != nil {
			return err
		}
		args := ForgetArgs{Namespace: ns, IDs: []uuid.UUID{id}}
		_, err = s.queue.InsertTx(ctx, tx, args, s.insertOpts(args))
		return err
	})
	return postgres.Translate(err, "deleting an experience")
}

// PrunePatterns deletes the abstracted patterns of ns whose confidence is
// below threshold (prune_low_confidence), from Postgres now and from the
// graph through a job enqueued in the same transaction. Nothing else is
// ever pruned. With dryRun it only lists them.
func (s *Service) PrunePatterns(ctx context.Context, ns string, threshold float64, dryRun bool) ([]uuid.UUID, error) {
	if dryRun {
		return s.collectIDs(ctx, s.pool, "list_prunable_patterns", ns, threshold)
	}
	var ids []uuid.UUID
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		if ids, err = s.collectIDs(ctx, tx, "prune_patterns", ns, threshold); err != nil || len(ids) == 0 {
			return err
		}
		args := ForgetArgs{Namespace: ns, IDs: ids}
		_, err = s.queue.InsertTx(ctx, tx, args, s.insertOpts(args))
		return err
	})
	return ids, postgres.Translate(err, "pruning patterns")
}

type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

func (s *Service) collectIDs(ctx context.Context, q querier, query, ns string, threshold float64) ([]uuid.UUID, error) {
	rows, err := q.Query(ctx, queries.Get(query), ns, threshold)
	if err != nil {
		return nil, err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if ids == nil {
		ids = []uuid.UUID{}
	}
	return ids, err
}

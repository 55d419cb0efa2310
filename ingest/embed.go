package ingest

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// EmbedArgs asks the embedding worker to embed the pre-evaluated
// experiences of one request that came without an embedding, then queue
// them for projection. It runs on the evaluation queue, with the other
// model calls.
type EmbedArgs struct {
	Namespace     string      `json:"namespace"`
	ExperienceIDs []uuid.UUID `json:"experience_ids"`
}

// Kind implements river.JobArgs.
func (EmbedArgs) Kind() string { return "ingest_embed" }

// KindAliases implements river.JobArgsWithKindAliases: a job the previous
// release enqueued under the old kind still runs. Remove it in the next
// release.
func (EmbedArgs) KindAliases() []string { return []string{"evokg_ingest_embed"} }

// InsertOpts implements river.JobArgsWithInsertOpts.
func (EmbedArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: QueueEvaluate} }

// embedWorker embeds the pre-evaluated experiences of one request that
// came without an embedding and queues them for projection. While the
// embedding model is unreachable the job retries with backoff; the
// experiences stay accepted, in status embedding, with the last failure as
// their reason.
type embedWorker struct {
	river.WorkerDefaults[EmbedArgs]
	svc *Service
}

func (w *embedWorker) Work(ctx context.Context, job *river.Job[EmbedArgs]) error {
	a := job.Args
	waiting, err := w.svc.CompleteEmbedding(ctx, a.Namespace, a.ExperienceIDs)
	if err == nil || len(waiting) == 0 {
		return err
	}
	var decision error
	for _, id := range waiting {
		decision = w.svc.settle(ctx, job.JobRow, a.Namespace, id, "embedding", err)
	}
	return decision
}

// CompleteEmbedding embeds the experiences of ids that still wait for their
// embedding, in one model call, then commits for each its vector row, its
// status (queued) and its projection job in one transaction. It returns the
// ids it found waiting (on failure, those that still wait); a retried job
// finds fewer or none. The model call holds no lock: an experience embedded
// twice by racing jobs is committed once.
func (s *Service) CompleteEmbedding(ctx context.Context, ns string, ids []uuid.UUID) ([]uuid.UUID, error) {
	exps, err := s.pendingEmbeddings(ctx, ns, ids)
	if err != nil || len(exps) == 0 {
		return nil, err
	}
	waiting := pendingIDs(exps)
	texts := make([]string, len(exps))
	for i, exp := range exps {
		texts[i] = exp.EmbeddingText()
	}
	vecs, err := s.embedTexts(ctx, texts)
	if err != nil {
		return waiting, err
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, queries.Get("complete_embedding"), ns, waiting)
		if err != nil {
			return err
		}
		still, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			return err
		}
		indexed, err := s.indexEmbedded(ctx, tx, exps, vecs, still)
		if err != nil || len(indexed) == 0 {
			return err
		}
		_, err = s.queue.InsertManyTx(ctx, tx, s.projectJobs(ns, indexed))
		return wrapf(err, "enqueueing projections")
	})
	return waiting, postgres.Translate(err, "committing embedded experiences")
}

// indexEmbedded writes the vector rows of the waiting experiences in tx and
// returns their ids.
func (s *Service) indexEmbedded(ctx context.Context, tx pgx.Tx, exps []*evokg.Experience, vecs [][]float32, waiting []uuid.UUID) ([]uuid.UUID, error) {
	still := make(map[uuid.UUID]bool, len(waiting))
	for _, id := range waiting {
		still[id] = true
	}
	var indexed []uuid.UUID
	for i, exp := range exps {
		if !still[exp.ID] {
			continue
		}
		if len(vecs[i]) != s.cfg.EmbeddingDim {
			return nil, evokg.Errorf(evokg.EINVALID, "the embedding model returned %d dimensions, the index has %d", len(vecs[i]), s.cfg.EmbeddingDim)
		}
		if err := s.index.InsertTx(ctx, tx, exp, vecs[i]); err != nil {
			return nil, fmt.Errorf("indexing experience %s: %w", exp.ID, err)
		}
		indexed = append(indexed, exp.ID)
	}
	return indexed, nil
}

func (s *Service) pendingEmbeddings(ctx context.Context, ns string, ids []uuid.UUID) ([]*evokg.Experience, error) {
	rows, err := s.pool.Query(ctx, queries.Get("pending_embeddings"), ns, ids)
	if err != nil {
		return nil, postgres.Translate(err, "reading experiences to embed")
	}
	exps, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (*evokg.Experience, error) {
		var raw []byte
		exp := new(evokg.Experience)
		if err := r.Scan(&raw); err != nil {
			return nil, err
		}
		return exp, json.Unmarshal(raw, exp)
	})
	return exps, postgres.Translate(err, "reading experiences to embed")
}

func pendingIDs(exps []*evokg.Experience) []uuid.UUID {
	ids := make([]uuid.UUID, len(exps))
	for i, exp := range exps {
		ids[i] = exp.ID
	}
	return ids
}

func wrapf(err error, what string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

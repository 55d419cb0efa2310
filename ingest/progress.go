package ingest

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/evokg/evokg"
	"github.com/evokg/evokg/postgres"
)

// The methods below move an experience through its states; the ingest
// workers call them.

// SaveEvaluation stores the teacher model's evaluation of an experience
// that is still being evaluated, so a retry does not call the model again.
func (s *Service) SaveEvaluation(ctx context.Context, exp *evokg.Experience) error {
	record, err := json.Marshal(exp)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, queries.Get("save_evaluation"), exp.Namespace, exp.ID, record)
	return postgres.Translate(err, "saving an evaluation")
}

// CompleteEvaluation commits a graded experience: in one transaction its
// final record (status queued), its embedding in the channel of its outcome
// and its projection job. embedding may be nil: the experience's text is
// then embedded first. It reports false when the experience had already
// left the evaluating state (a retried job), leaving it untouched.
func (s *Service) CompleteEvaluation(ctx context.Context, exp *evokg.Experience, embedding []float32) (bool, error) {
	if embedding == nil {
		vecs, err := s.embedTexts(ctx, []string{exp.EmbeddingText()})
		if err != nil {
			return false, err
		}
		embedding = vecs[0]
	}
	if len(embedding) != s.cfg.EmbeddingDim {
		return false, evokg.Errorf(evokg.EINVALID, "the embedding has %d dimensions, the index has %d", len(embedding), s.cfg.EmbeddingDim)
	}
	record, err := json.Marshal(exp)
	if err != nil {
		return false, err
	}
	done := false
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, queries.Get("complete_evaluation"), exp.Namespace, exp.ID, string(exp.Outcome),
			nullable(string(exp.FailureKind)), record, exp.Quality(), nonNil(exp.Signature))
		if err != nil || tag.RowsAffected() == 0 {
			return err
		}
		if err := s.index.InsertTx(ctx, tx, exp, embedding); err != nil {
			return fmt.Errorf("indexing experience %s: %w", exp.ID, err)
		}
		if _, err := s.queue.InsertManyTx(ctx, tx, s.projectJobs(exp.Namespace, []uuid.UUID{exp.ID})); err != nil {
			return fmt.Errorf("enqueueing the projection: %w", err)
		}
		done = true
		return nil
	})
	return done, postgres.Translate(err, "committing an evaluated experience")
}

// MarkCommittedTx records, in the projection's transaction tx, that the
// experiences ids are projected into the graph.
func (s *Service) MarkCommittedTx(ctx context.Context, tx pgx.Tx, ns string, ids []uuid.UUID) error {
	_, err := tx.Exec(ctx, queries.Get("mark_committed"), ns, ids)
	return postgres.Translate(err, "marking experiences committed")
}

// MarkFailed records that the experience's job gave up, with a reason shown
// to clients.
func (s *Service) MarkFailed(ctx context.Context, ns string, id uuid.UUID, reason string) error {
	_, err := s.pool.Exec(ctx, queries.Get("mark_failed"), ns, id, evokg.TruncateRunes(reason, 1000))
	return postgres.Translate(err, "marking an experience failed")
}

// NoteRetry records why the last attempt failed while the job will retry.
func (s *Service) NoteRetry(ctx context.Context, ns string, id uuid.UUID, reason string) error {
	_, err := s.pool.Exec(ctx, queries.Get("note_retry"), ns, id, evokg.TruncateRunes(reason, 1000))
	return postgres.Translate(err, "noting a retry")
}

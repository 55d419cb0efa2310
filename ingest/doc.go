// Package ingest is APEX-EM's Ingest phase: it validates experiences posted
// by agents, makes requests idempotent, and commits each experience durably
// through a transactional outbox.
//
// Two paths lead to a committed memory:
//
//   - Pre-evaluated: the client supplies the outcome and the evaluation (and
//     optionally the embedding and signature). In ONE Postgres transaction the
//     experiences row (status queued), its embedding in the success or failure
//     index and the River graph-projection job are written.
//   - Platform-evaluated: the client supplies no evaluation. The row is written
//     with status evaluating together with an evaluation job; the worker
//     (package workers) asks the teacher model, applies the quality gate
//     (q ≥ 0.3 → success memory, else failure memory) and then commits the
//     record, its vector row and the projection job in one transaction
//     (CompleteEvaluation).
//
// The projection worker sets the status to committed once the experience is
// in Neo4j; a job that keeps failing leaves the experience failed with its
// reason. Nothing is dropped silently.
//
// It owns the tables experiences and idempotency_keys.
package ingest

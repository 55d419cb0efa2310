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
//     with status evaluating together with an evaluation job; the
//     evaluation worker asks the teacher model, applies the quality gate
//     (q ≥ 0.3 → success memory, else failure memory) and then commits the
//     record, its vector row and the projection job in one transaction
//     (CompleteEvaluation).
//
// The projection worker writes queued experiences into Neo4j, in batches,
// with their SIMILAR_TO candidates, and sets their status to committed;
// RebuildGraph re-projects a namespace from Postgres. The package declares
// each job beside the worker that runs it and hands them to the job client
// through Workers.
//
// Jobs are retried with exponential backoff; when a job exhausts its
// attempts the experience is marked failed with the reason, never dropped
// silently. Workers are idempotent (the graph is written with MERGE by id and
// state transitions are guarded by the current status), so a job rescued
// from a killed process or retried after an outage duplicates nothing.
//
// It owns the tables experiences, idempotency_keys and experience_similar.
package ingest

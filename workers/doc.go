// Package workers wraps the job queue (River on Postgres): it builds the
// River clients the `evokg worker` and `evokg serve` processes use and holds
// the ingest workers — evaluation by the teacher model and projection into
// Neo4j — plus the graph rebuild from Postgres.
//
// Jobs are retried with exponential backoff; when a job exhausts its
// attempts the experience is marked failed with the reason, never dropped
// silently. Workers are idempotent (the graph is written with MERGE by id and
// state transitions are guarded by the current status), so a job rescued
// from a killed process or retried after an outage duplicates nothing.
//
// It owns the table experience_similar.
package workers

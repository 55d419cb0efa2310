// Package workers wraps the job queue (River on Postgres): it builds the
// River clients the `evokg worker` and `evokg serve` processes use, works
// the jobs the features hand it (Feature: each feature package declares
// its job arguments beside the worker that runs them, and the queues they
// run on), and keeps the worker processes' heartbeats (Liveness).
//
// Jobs are retried with exponential backoff (Backoff).
//
// It owns the table worker_heartbeats.
package workers

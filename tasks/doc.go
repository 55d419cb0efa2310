// Package tasks runs tasks through APEX-EM's PRGII workflow as durable
// jobs: Plan (the learner model extracts the task's goal, entities and
// signature σ̂), Retrieve (P+ top 3 and P− top 2 with their error
// registries and patches, through every retrieval channel), Generate (the
// learner model only, conditioned on the plan, P+ and P−), Iterate (a
// validator's structured feedback, up to J attempts, with stuck-loop
// detection and divergent guidance) and Ingest (the passing attempt
// committed as a success, a failed first attempt archived as a failure
// memory with its error registry, both through the quality gate).
//
// Every phase is stored in Postgres as it finishes; the task's trace is then
// projected into Neo4j by a job enqueued with its final status. Epoch runs
// (durable jobs too, or in process for the CLI) send a pool through PRGII E
// times and report SR, CSR, mean attempts and first-attempt success from the
// stored attempts.
//
// It owns the tables tasks, task_attempts and epoch_runs.
package tasks

-- +goose Up
-- A worker process's heartbeat, by its job client's id (the id River records
-- in river_job.attempted_by). A client whose heartbeat is older than the
-- workers' dead-after is taken for dead and its running jobs go back to the
-- queue (workers.Liveness). A clean stop deletes the row.
CREATE TABLE worker_heartbeats (
    client_id  text PRIMARY KEY,
    started_at timestamptz NOT NULL DEFAULT now(),
    beat_at    timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE worker_heartbeats;

-- +goose Up
-- Epoch runs: a pool sent through PRGII for several epochs as a durable
-- job. The run's tasks are prgii_tasks whose batch_id is the run's id, one
-- per epoch and pool item (the frozen held-out split is epoch epochs + 1),
-- so a resumed run finds the tasks it had started. One run per namespace
-- is active (queued or running) at a time; the unique index is the rule,
-- as for evolution runs. An Idempotency-Key names at most one run.
CREATE TABLE prgii_runs (
    id              uuid PRIMARY KEY,
    namespace       text NOT NULL,
    status          text NOT NULL CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
    params          jsonb NOT NULL,
    current_epoch   integer NOT NULL DEFAULT 0,
    idempotency_key text,
    error           text NOT NULL DEFAULT '',
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    started_at      timestamptz,
    finished_at     timestamptz
);
CREATE INDEX prgii_runs_ns ON prgii_runs (namespace, created_at DESC);
CREATE UNIQUE INDEX prgii_runs_one_active ON prgii_runs (namespace) WHERE status IN ('queued', 'running');
CREATE UNIQUE INDEX prgii_runs_idempotency ON prgii_runs (namespace, idempotency_key) WHERE idempotency_key IS NOT NULL;

CREATE UNIQUE INDEX prgii_tasks_batch_item ON prgii_tasks (batch_id, epoch, item_id) WHERE batch_id IS NOT NULL;

-- +goose Down
DROP INDEX prgii_tasks_batch_item;
DROP TABLE prgii_runs;

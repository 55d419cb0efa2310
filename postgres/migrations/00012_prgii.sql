-- +goose Up
-- Tasks run through PRGII (Plan, Retrieve, Generate, Iterate, Ingest) and
-- their attempts. prgii writes both tables; a task's phases are stored as
-- they finish (plan, retrieval, each attempt, then the commits and the
-- final status), so a retried job resumes after its last stored phase.
-- batch_id, epoch and item_id group the tasks of an epoch run over a pool.
CREATE TABLE prgii_tasks (
    id             uuid PRIMARY KEY,
    namespace      text NOT NULL,
    status         text NOT NULL CHECK (status IN ('queued', 'running', 'solved', 'unsolved', 'failed')),
    question       text NOT NULL,
    task_type      text NOT NULL,
    context        text NOT NULL DEFAULT '',
    validator      jsonb NOT NULL,
    max_iterations integer NOT NULL CHECK (max_iterations > 0),
    frozen         boolean NOT NULL DEFAULT false,
    plan           jsonb,
    retrieval      jsonb,
    committed      jsonb NOT NULL DEFAULT '[]',
    answer         text NOT NULL DEFAULT '',
    error          text NOT NULL DEFAULT '',
    batch_id       uuid,
    epoch          integer,
    item_id        text,
    created_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prgii_tasks_ns ON prgii_tasks (namespace, created_at DESC);
CREATE INDEX prgii_tasks_batch ON prgii_tasks (namespace, batch_id, epoch) WHERE batch_id IS NOT NULL;

CREATE TABLE prgii_attempts (
    task_id    uuid NOT NULL REFERENCES prgii_tasks (id) ON DELETE CASCADE,
    namespace  text NOT NULL,
    n          integer NOT NULL CHECK (n > 0),
    answer     text NOT NULL,
    reasoning  text NOT NULL DEFAULT '',
    passed     boolean NOT NULL,
    feedback   jsonb NOT NULL,
    guidance   text NOT NULL DEFAULT '',
    stuck      jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (task_id, n)
);

-- +goose Down
DROP TABLE prgii_attempts;
DROP TABLE prgii_tasks;

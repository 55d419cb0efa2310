-- +goose Up
-- Memory utility (package utility): whether each memory helps its learner,
-- and whether it is served. A memory without a row is active with no
-- evidence: rows are written on the first evidence or decision, so a bulk
-- import writes none.
CREATE TABLE memory_utility (
    experience_id uuid PRIMARY KEY REFERENCES experiences (id) ON DELETE CASCADE,
    namespace     text NOT NULL,
    task_type     text NOT NULL,
    state         text NOT NULL DEFAULT 'active' CHECK (state IN ('probationary', 'active', 'quarantined')),
    reason        text NOT NULL DEFAULT '',
    shown_right   bigint NOT NULL DEFAULT 0,
    shown_wrong   bigint NOT NULL DEFAULT 0,
    helped        bigint NOT NULL DEFAULT 0,
    hurt          bigint NOT NULL DEFAULT 0,
    tied          bigint NOT NULL DEFAULT 0,
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX memory_utility_state ON memory_utility (namespace, state, task_type) WHERE state <> 'active';

-- served mirrors state = 'active' on the index rows, so a search filters
-- before its top-K cut instead of joining memory_utility.
ALTER TABLE success_index ADD COLUMN served boolean NOT NULL DEFAULT true;
ALTER TABLE failure_index ADD COLUMN served boolean NOT NULL DEFAULT true;
ALTER TABLE principle_embeddings ADD COLUMN served boolean NOT NULL DEFAULT true;

-- A namespace can ask that memories its clients post start probationary.
ALTER TABLE namespaces ADD COLUMN probation boolean NOT NULL DEFAULT false;

-- The memories an answer's prompt showed: a reward credits them.
ALTER TABLE answers ADD COLUMN memory_ids uuid[];

-- +goose Down
ALTER TABLE answers DROP COLUMN memory_ids;
ALTER TABLE namespaces DROP COLUMN probation;
ALTER TABLE principle_embeddings DROP COLUMN served;
ALTER TABLE failure_index DROP COLUMN served;
ALTER TABLE success_index DROP COLUMN served;
DROP TABLE memory_utility;

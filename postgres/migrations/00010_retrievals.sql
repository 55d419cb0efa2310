-- +goose Up
-- What /retrieve served (the pack's memories, the search arm and the task
-- type), so that an external reward for it reaches the search bandit's arm.
-- A retrieval is rewarded at most once: reward stays NULL until then.
CREATE TABLE retrievals (
    id          uuid PRIMARY KEY,
    namespace   text NOT NULL,
    task_type   text NOT NULL,
    search_arm  text NOT NULL,
    mode        text NOT NULL CHECK (mode IN ('mage', 'apex')),
    memory_ids  uuid[] NOT NULL,
    reward      double precision CHECK (reward >= 0 AND reward <= 1),
    rewarded_at timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX retrievals_ns ON retrievals (namespace, created_at DESC);

-- +goose Down
DROP TABLE retrievals;

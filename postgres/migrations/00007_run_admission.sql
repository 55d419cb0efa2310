-- +goose Up

-- One active (queued or running) evolution run per namespace: concurrent
-- runs snapshot and restore the same mutable slots under each other. The
-- unique index is the rule itself, so API replicas and `evokg evolve`
-- racing to start a run cannot both succeed. Namespaces that already have
-- several active runs keep the oldest; the others are cancelled.
UPDATE evolution_runs r
SET status = 'cancelled', finished_at = now(), updated_at = now(),
    error = 'cancelled when one active run per namespace became the rule; run ' || keep.id || ' was kept'
FROM (
    SELECT DISTINCT ON (namespace) namespace, id
    FROM evolution_runs
    WHERE status IN ('queued', 'running')
    ORDER BY namespace, created_at, id
) keep
WHERE r.namespace = keep.namespace AND r.id <> keep.id AND r.status IN ('queued', 'running');

CREATE UNIQUE INDEX evolution_runs_one_active ON evolution_runs (namespace)
WHERE status IN ('queued', 'running');

-- What each run did to the bandits: the pulls of its own selections and the
-- rewards of its own answers, per arm. The Delta-Guard takes back only
-- these, so pulls and rewards of other answers (live /answer clients) stay.
CREATE TABLE bandit_run_deltas (
    namespace text NOT NULL,
    run_id    uuid NOT NULL,
    kind      text NOT NULL CHECK (kind IN ('search','routing')),
    context   text NOT NULL,
    arm       text NOT NULL,
    alpha     double precision NOT NULL DEFAULT 0 CHECK (alpha >= 0), -- Σ r
    beta      double precision NOT NULL DEFAULT 0 CHECK (beta >= 0),  -- Σ (1 − r)
    pulls     bigint NOT NULL DEFAULT 0 CHECK (pulls >= 0),
    PRIMARY KEY (namespace, run_id, kind, context, arm)
);

-- The run's own bandit contributions when the snapshot was taken. NULL in
-- snapshots taken before this migration: the run had none recorded then.
ALTER TABLE slot_snapshots ADD COLUMN run_bandits jsonb;

-- +goose Down
ALTER TABLE slot_snapshots DROP COLUMN run_bandits;
DROP TABLE bandit_run_deltas;
DROP INDEX evolution_runs_one_active;

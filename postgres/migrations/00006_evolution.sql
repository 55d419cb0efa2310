-- +goose Up

-- Thompson-sampling arms. kind 'search' is keyed by task type, kind
-- 'routing' by skill name. alpha/beta are the Beta posterior, pulls counts
-- selections (the warm-up is round-robin until every arm has its pulls).
CREATE TABLE bandit_arms (
    namespace  text NOT NULL,
    kind       text NOT NULL CHECK (kind IN ('search','routing')),
    context    text NOT NULL,
    arm        text NOT NULL,
    position   int  NOT NULL,
    alpha      double precision NOT NULL CHECK (alpha > 0),
    beta       double precision NOT NULL CHECK (beta > 0),
    pulls      bigint NOT NULL DEFAULT 0 CHECK (pulls >= 0),
    reward_sum double precision NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, kind, context, arm)
);

-- Every graded-or-gradable answer with the arms that produced it.
CREATE TABLE answers (
    id           uuid PRIMARY KEY,
    namespace    text NOT NULL,
    task_type    text NOT NULL,
    skill        text NOT NULL DEFAULT '',
    question     text NOT NULL,
    answer       text NOT NULL,
    search_arm   text NOT NULL DEFAULT '',
    routing_arm  text NOT NULL DEFAULT '',
    run_id       uuid,
    iteration    int,
    created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX answers_ns ON answers (namespace, created_at DESC);

-- One reward per answer: the primary key makes the reward stream idempotent.
CREATE TABLE answer_rewards (
    answer_id  uuid PRIMARY KEY,
    namespace  text NOT NULL,
    reward     double precision NOT NULL CHECK (reward >= 0 AND reward <= 1),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- Task-type statistics fed by the reward stream (curriculum inputs).
CREATE TABLE task_type_stats (
    namespace  text NOT NULL,
    task_type  text NOT NULL,
    n_seen     bigint NOT NULL DEFAULT 0,
    n_fail     bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, task_type)
);

CREATE TABLE evolution_runs (
    id                uuid PRIMARY KEY,
    namespace         text NOT NULL,
    status            text NOT NULL CHECK (status IN ('queued','running','succeeded','failed','cancelled')),
    params            jsonb NOT NULL,
    current_iteration int NOT NULL DEFAULT 0,
    error             text NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    started_at        timestamptz,
    finished_at       timestamptz
);
CREATE INDEX evolution_runs_ns ON evolution_runs (namespace, created_at DESC);

-- One row per completed iteration: its metrics and the per-item
-- correctness (flips of the next iteration are counted against it).
CREATE TABLE evolution_iterations (
    namespace  text NOT NULL,
    run_id     uuid NOT NULL,
    iteration  int NOT NULL,
    metrics    jsonb NOT NULL,
    results    jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (run_id, iteration)
);

-- Mutable-slot snapshots taken by the Delta-Guard: skill slots and bandit
-- posteriors. Memories are not in them: they are append-only.
CREATE TABLE slot_snapshots (
    id         uuid PRIMARY KEY,
    namespace  text NOT NULL,
    run_id     uuid,
    iteration  int NOT NULL,
    skills     jsonb NOT NULL,
    bandits    jsonb NOT NULL,
    accuracy   double precision NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slot_snapshots_run ON slot_snapshots (namespace, run_id, iteration DESC);

-- +goose Down
DROP TABLE slot_snapshots;
DROP TABLE evolution_iterations;
DROP TABLE evolution_runs;
DROP TABLE task_type_stats;
DROP TABLE answer_rewards;
DROP TABLE answers;
DROP TABLE bandit_arms;

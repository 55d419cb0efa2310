-- +goose Up
-- How a tool fares when the learner calls it, by tool name (all versions):
-- every call the learner makes (completed: returned a value without error;
-- errors: refused or failed, those a sandbox limit stopped among them), every call of a graded
-- answer (right or wrong), and the retirement rule's counters since the tool
-- was last restored. A retired tool is kept and shown but never recruited;
-- restoring it (or a new validated version) clears retired_at.
CREATE TABLE tool_stats (
    namespace        text NOT NULL,
    name             text NOT NULL,
    calls            bigint NOT NULL DEFAULT 0,
    completed        bigint NOT NULL DEFAULT 0,
    errors           bigint NOT NULL DEFAULT 0,
    limited          bigint NOT NULL DEFAULT 0,
    graded_right     bigint NOT NULL DEFAULT 0,
    graded_wrong     bigint NOT NULL DEFAULT 0,
    judged           bigint NOT NULL DEFAULT 0,
    judged_failed    bigint NOT NULL DEFAULT 0,
    last_called_at   timestamptz,
    retired_at       timestamptz,
    retired_reason   text NOT NULL DEFAULT '',
    restored_at      timestamptz,
    PRIMARY KEY (namespace, name)
);
CREATE INDEX tool_stats_retired ON tool_stats (namespace) WHERE retired_at IS NOT NULL;

-- +goose Down
DROP TABLE tool_stats;

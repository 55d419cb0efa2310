-- +goose Up
-- One row per model call made through the llm layer (every attempt,
-- including repair retries and calls refused by a budget). The guidance
-- share of a run is one query over this table.
CREATE TABLE llm_calls (
    id            uuid PRIMARY KEY,
    namespace     text NOT NULL DEFAULT '',
    run_id        text NOT NULL DEFAULT '',
    iteration     int NOT NULL DEFAULT 0,
    experience_id text NOT NULL DEFAULT '',
    role          text NOT NULL,
    layer         text NOT NULL CHECK (layer IN ('guidance','execution','embedding')),
    model         text NOT NULL,
    prompt_tokens int NOT NULL DEFAULT 0,
    reply_tokens  int NOT NULL DEFAULT 0,
    duration_ms   double precision NOT NULL DEFAULT 0,
    outcome       text NOT NULL,
    reason        text NOT NULL DEFAULT '',
    created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX llm_calls_ns_run ON llm_calls (namespace, run_id, layer, role);
CREATE INDEX llm_calls_ns_created ON llm_calls (namespace, created_at);

-- +goose Down
DROP TABLE llm_calls;

-- +goose Up
-- Mem2Evolve's asset memory. Postgres holds each tool version whole (code,
-- tests, validation record, provenance) and each expert agent; Neo4j holds
-- their projection (:Tool, :ExpertAgent, CAN_USE, CREATED_FROM, HAS_TOOL).
-- A row is written first and projected after; projected_at stays NULL until
-- the graph holds it, and reads see projected rows only.
CREATE TABLE tools (
    id            uuid PRIMARY KEY,
    namespace     text NOT NULL,
    name          text NOT NULL,
    version       integer NOT NULL CHECK (version >= 1),
    description   text NOT NULL,
    input_schema  jsonb,
    output_schema jsonb,
    code          text NOT NULL,
    tests         jsonb NOT NULL,
    validated     boolean NOT NULL,
    validation    jsonb NOT NULL,
    skill         text NOT NULL DEFAULT '',
    created_from  uuid[] NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL DEFAULT now(),
    projected_at  timestamptz,
    UNIQUE (namespace, name, version)
);
CREATE INDEX tools_unprojected ON tools (namespace) WHERE projected_at IS NULL;

-- An expert agent: a role, its system prompt and the tools it CAN_USE (by
-- name; the graph links the version that was latest when it was created).
CREATE TABLE expert_agents (
    id            uuid PRIMARY KEY,
    namespace     text NOT NULL,
    role          text NOT NULL,
    version       integer NOT NULL CHECK (version >= 1),
    system_prompt text NOT NULL,
    tools         uuid[] NOT NULL DEFAULT '{}',
    tool_names    text[] NOT NULL DEFAULT '{}',
    created_at    timestamptz NOT NULL DEFAULT now(),
    projected_at  timestamptz,
    UNIQUE (namespace, role, version)
);
CREATE INDEX expert_agents_unprojected ON expert_agents (namespace) WHERE projected_at IS NULL;

-- +goose Down
DROP TABLE expert_agents;
DROP TABLE tools;

-- +goose Up
CREATE EXTENSION IF NOT EXISTS vector;

CREATE TABLE namespaces (
    name        text PRIMARY KEY,
    namespace   text GENERATED ALWAYS AS (name) STORED,
    description text NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
    id          uuid PRIMARY KEY,
    name        text NOT NULL,
    prefix      text NOT NULL,
    hash        bytea NOT NULL UNIQUE,
    scopes      text[] NOT NULL,
    namespaces  text[] NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz,
    last_used_at timestamptz
);

-- System of record for every experience. record holds the full JSON
-- (evokg.Experience); the columns beside it are what queries filter on.
CREATE TABLE experiences (
    id            uuid PRIMARY KEY,
    namespace     text NOT NULL,
    task_type     text NOT NULL,
    outcome       text NOT NULL CHECK (outcome IN
                  ('principle','failure_memory','success_memory','retrieval_recipe','abstracted_pattern')),
    failure_kind  text CHECK (failure_kind IN ('specific','type_strategy')),
    status        text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','evaluating','committed','failed')),
    status_reason text NOT NULL DEFAULT '',
    record        jsonb NOT NULL,
    quality       double precision NOT NULL DEFAULT 1,
    confidence    double precision NOT NULL DEFAULT 0,
    signature     text[] NOT NULL DEFAULT '{}',
    supersedes    uuid,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now(),
    projected_at  timestamptz
);
CREATE INDEX experiences_ns_list ON experiences (namespace, id);
CREATE INDEX experiences_ns_type ON experiences (namespace, task_type, outcome, created_at DESC);

-- Idempotent requests: the same key and body give the same result; the same
-- key with another body is a conflict.
CREATE TABLE idempotency_keys (
    namespace    text NOT NULL,
    key          text NOT NULL,
    request_hash bytea NOT NULL,
    status_code  int NOT NULL,
    response     jsonb NOT NULL,
    created_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, key)
);

-- Protected memories (principles, failure and success memories) are
-- append-only: their record is never rewritten and the row never deleted.
-- Only evokg_purge_namespace may remove them, when a whole namespace goes.
-- An experience awaiting the platform's evaluation (status 'evaluating') is
-- not yet a memory: its outcome, record and task type are provisional until
-- the quality gate decides, so protection starts once it leaves 'evaluating'.
-- +goose StatementBegin
CREATE FUNCTION evokg_protect_memories() RETURNS trigger AS $$
BEGIN
    IF current_setting('evokg.purging_namespace', true) = OLD.namespace THEN
        RETURN COALESCE(NEW, OLD);
    END IF;
    IF TG_OP = 'UPDATE' AND OLD.status = 'evaluating' THEN
        RETURN NEW;
    END IF;
    IF OLD.outcome IN ('principle','failure_memory','success_memory') THEN
        IF TG_OP = 'DELETE' THEN
            RAISE EXCEPTION 'experience % is a protected memory and cannot be deleted', OLD.id
                USING ERRCODE = 'P0001', HINT = 'evokg:protected';
        END IF;
        IF NEW.record IS DISTINCT FROM OLD.record OR NEW.outcome IS DISTINCT FROM OLD.outcome
           OR NEW.task_type IS DISTINCT FROM OLD.task_type THEN
            RAISE EXCEPTION 'experience % is a protected memory and cannot be rewritten', OLD.id
                USING ERRCODE = 'P0001', HINT = 'evokg:protected';
        END IF;
    END IF;
    RETURN COALESCE(NEW, OLD);
END $$ LANGUAGE plpgsql;
-- +goose StatementEnd

CREATE TRIGGER experiences_protect BEFORE UPDATE OR DELETE ON experiences
    FOR EACH ROW EXECUTE FUNCTION evokg_protect_memories();

-- Removes every row of a namespace from every table that has a namespace
-- column. Used by namespace deletion and by tests cleaning up after themselves.
-- +goose StatementBegin
CREATE FUNCTION evokg_purge_namespace(ns text) RETURNS void AS $$
DECLARE t record;
BEGIN
    PERFORM set_config('evokg.purging_namespace', ns, true);
    FOR t IN SELECT c.table_name FROM information_schema.columns c
             JOIN information_schema.tables tb USING (table_schema, table_name)
             WHERE c.table_schema = current_schema() AND c.column_name = 'namespace'
               AND tb.table_type = 'BASE TABLE' AND c.is_generated = 'NEVER'
    LOOP
        EXECUTE format('DELETE FROM %I WHERE namespace = $1', t.table_name) USING ns;
    END LOOP;
    DELETE FROM namespaces WHERE name = ns;
    PERFORM set_config('evokg.purging_namespace', '', true);
END $$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
DROP FUNCTION evokg_purge_namespace(text);
DROP TRIGGER experiences_protect ON experiences;
DROP FUNCTION evokg_protect_memories();
DROP TABLE idempotency_keys;
DROP TABLE experiences;
DROP TABLE api_keys;
DROP TABLE namespaces;

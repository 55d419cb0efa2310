-- +goose Up
-- An experience awaiting the platform's evaluation (status 'evaluating') is
-- not yet a memory: its outcome, record and task type are only provisional
-- until the evaluation worker applies the quality gate. The protection of
-- memories therefore starts once the row has left 'evaluating'.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION evokg_protect_memories() RETURNS trigger AS $$
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

-- SIMILAR_TO candidates found by the projection worker (pgvector nearest
-- neighbours at projection time). Kept so that `evokg graph rebuild` draws
-- exactly the same edges from Postgres alone.
CREATE TABLE experience_similar (
    namespace     text NOT NULL,
    experience_id uuid NOT NULL,
    similar_id    uuid NOT NULL,
    cosine        double precision NOT NULL,
    PRIMARY KEY (namespace, experience_id, similar_id)
);

CREATE INDEX experiences_ns_status ON experiences (namespace, status, id);

-- +goose Down
DROP INDEX experiences_ns_status;
DROP TABLE experience_similar;
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION evokg_protect_memories() RETURNS trigger AS $$
BEGIN
    IF current_setting('evokg.purging_namespace', true) = OLD.namespace THEN
        RETURN COALESCE(NEW, OLD);
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

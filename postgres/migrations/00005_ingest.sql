-- +goose Up
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

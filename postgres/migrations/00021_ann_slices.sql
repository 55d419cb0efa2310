-- +goose Up
-- Only slices large enough to be searched through an HNSW index enter one.
--
-- A search scans a (namespace, task type) slice of fewer than
-- vector.DefaultExactScanMax rows exactly, so the HNSW index of its rows is
-- never read, yet every insert paid for it: on 2 cores the HNSW insert was
-- 55–64% of Postgres's time per ingested experience. Rows now carry `ann`:
--   * the HNSW indexes are partial (WHERE ann): a row enters the graph only
--     when its slice is listed in ann_slices at its insert;
--   * the other rows are the slice's tail (NOT ann), found through a small
--     partial btree and scanned exactly;
--   * the projection worker lists a slice once it has grown to the bound
--     (vector.Store.ListGrownSlices). The rows it holds then stay in its
--     tail, a few hundred at most: moving them would cost an HNSW insert
--     each, all at once, which held the projection of 20 slices growing
--     together for seconds;
--   * a search of a large slice merges the index's top K of its listed rows
--     with the exact top K of its tail (search_success.sql).
-- Existing rows were all in the HNSW graphs and stay there (ann = true); new
-- rows default to the tail. The HNSW indexes are rebuilt as partial ones:
-- on a large database this migration takes as long as an index build.
--
-- The slice btrees (namespace, task_type, outcome, failure_kind) go: the
-- primary key (namespace, task_type, id) serves a slice's scans as well,
-- and the planner, estimating a new namespace from statistics that have not
-- seen it, took the slice btree for lookups by id and filtered the whole
-- slice (claimed_embeddings.sql: 12 ms for 100 ids, against 1.6 ms through
-- the primary key). One index fewer to update per insert, too.
CREATE TABLE ann_slices (
    namespace   text NOT NULL,
    task_type   text NOT NULL,
    channel     text NOT NULL CHECK (channel IN ('success', 'failure')),
    listed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, task_type, channel)
);

ALTER TABLE success_index ADD COLUMN ann boolean NOT NULL DEFAULT true;
ALTER TABLE success_index ALTER COLUMN ann SET DEFAULT false;
ALTER TABLE failure_index ADD COLUMN ann boolean NOT NULL DEFAULT true;
ALTER TABLE failure_index ALTER COLUMN ann SET DEFAULT false;

DROP INDEX IF EXISTS success_index_hnsw;
DROP INDEX IF EXISTS failure_index_hnsw;
CREATE INDEX success_index_hnsw ON success_index
    USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64) WHERE ann;
CREATE INDEX failure_index_hnsw ON failure_index
    USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64) WHERE ann;
CREATE INDEX success_index_tail ON success_index (namespace, task_type) WHERE NOT ann;
CREATE INDEX failure_index_tail ON failure_index (namespace, task_type) WHERE NOT ann;
DROP INDEX success_index_slice;
DROP INDEX failure_index_slice;

-- +goose Down
CREATE INDEX success_index_slice ON success_index (namespace, task_type, outcome, failure_kind);
CREATE INDEX failure_index_slice ON failure_index (namespace, task_type, outcome, failure_kind);
DROP INDEX success_index_tail;
DROP INDEX failure_index_tail;
DROP INDEX success_index_hnsw;
DROP INDEX failure_index_hnsw;
ALTER TABLE success_index DROP COLUMN ann;
ALTER TABLE failure_index DROP COLUMN ann;
CREATE INDEX success_index_hnsw ON success_index
    USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64);
CREATE INDEX failure_index_hnsw ON failure_index
    USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64);
DROP TABLE ann_slices;

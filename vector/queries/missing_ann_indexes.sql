-- How many of the memory embedding tables' HNSW indexes are missing from
-- the current schema, read from the catalog without locking the tables:
-- CREATE INDEX IF NOT EXISTS takes a SHARE lock even when the index
-- exists, which blocks, and can deadlock with, concurrent writes.
SELECT count(*)::int
  FROM unnest(ARRAY['success_index_hnsw', 'failure_index_hnsw', 'principle_embeddings_hnsw']) AS want(name)
 WHERE to_regclass(format('%I.%I', current_schema(), want.name)) IS NULL

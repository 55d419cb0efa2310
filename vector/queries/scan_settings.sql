-- HNSW search settings for the current transaction only: candidate list size
-- and pgvector 0.8 iterative index scans, which keep returning rows until the
-- namespace and task-type filter is satisfied.
SELECT set_config('hnsw.ef_search', $1, true), set_config('hnsw.iterative_scan', $2, true)

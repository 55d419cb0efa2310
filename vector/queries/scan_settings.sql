-- Search settings for the current (implicit) transaction only: the HNSW
-- candidate list size, pgvector 0.8 iterative index scans (which keep
-- returning rows until the namespace and task-type filter is satisfied) and
-- the plan cache mode.
-- $1 ef_search, $2 iterative scan mode, $3 plan cache mode.
SELECT set_config('hnsw.ef_search', $1, true), set_config('hnsw.iterative_scan', $2, true),
       set_config('plan_cache_mode', $3, true)

-- Time spent in each statement of this database so far (pg_stat_statements:
-- execution and planning, milliseconds), for the per-stage figures.
SELECT queryid, query, calls, total_exec_time + total_plan_time AS ms
FROM pg_stat_statements
WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())

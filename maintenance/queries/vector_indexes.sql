-- Every valid HNSW index of the current schema (partitions' indexes, not
-- their partitioned parents) with what decides whether it is bloated: its
-- size, the live rows of its table and the vector dimension. Live rows come
-- from the statistics every insert and delete keep current (n_live_tup);
-- where those were reset (a crash) and nothing has been counted since, from
-- the planner's row count (reltuples, kept by VACUUM and ANALYZE). The
-- REINDEX statement is built here so that Postgres quotes the name: utility
-- statements take no parameters.
SELECT format('%I.%I', n.nspname, ic.relname)                        AS qualified,
       ic.relname                                                     AS index,
       tc.relname                                                     AS "table",
       pg_relation_size(ic.oid)                                       AS bytes,
       coalesce(CASE WHEN s.n_tup_ins + s.n_tup_upd + s.n_tup_del = 0
             AND coalesce(s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze) IS NULL
            THEN greatest(tc.reltuples, 0)::bigint
            ELSE s.n_live_tup END, 0)                                 AS live_rows,
       a.atttypmod                                                    AS dim,
       format('REINDEX INDEX CONCURRENTLY %I.%I', n.nspname, ic.relname) AS reindex
  FROM pg_index i
  JOIN pg_class ic ON ic.oid = i.indexrelid AND ic.relkind = 'i'
  JOIN pg_am am ON am.oid = ic.relam AND am.amname = 'hnsw'
  JOIN pg_namespace n ON n.oid = ic.relnamespace AND n.nspname = current_schema()
  JOIN pg_class tc ON tc.oid = i.indrelid
  JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
  LEFT JOIN pg_stat_all_tables s ON s.relid = i.indrelid
 WHERE i.indisvalid
 ORDER BY tc.relname, ic.relname

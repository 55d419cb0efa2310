-- Every valid HNSW index of the current schema (partitions' indexes, not
-- their partitioned parents) with what decides whether it is bloated: its
-- size, the live rows of its table and the vector dimension. Live rows come
-- from the statistics every insert and delete keep current (n_live_tup);
-- where those were reset (a crash) and nothing has been counted since, from
-- the planner's row count (reltuples, kept by VACUUM and ANALYZE). A
-- partial index (the memory channels' HNSW indexes hold only rows WHERE ann,
-- postgres/migrations/00021_ann_slices.sql) counts the live rows less those outside
-- its predicate, counted through the tails' btree. The REINDEX statement is
-- built here so that Postgres quotes the name: utility statements take no
-- parameters.
SELECT format('%I.%I', n.nspname, ic.relname)                        AS qualified,
       ic.relname                                                     AS index,
       tc.relname                                                     AS "table",
       pg_relation_size(ic.oid)                                       AS bytes,
       greatest(coalesce(CASE WHEN s.n_tup_ins + s.n_tup_upd + s.n_tup_del = 0
             AND coalesce(s.last_vacuum, s.last_autovacuum, s.last_analyze, s.last_autoanalyze) IS NULL
            THEN greatest(tc.reltuples, 0)::bigint
            ELSE s.n_live_tup END, 0)
         - CASE WHEN i.indpred IS NULL THEN 0
           ELSE (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I.%I WHERE NOT (%s)',
                   n.nspname, tc.relname, pg_get_expr(i.indpred, i.indrelid)), false, true, '')))[1]::text::bigint
           END, 0)                                                    AS live_rows,
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

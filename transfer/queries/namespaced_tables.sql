-- The tables of this schema whose rows carry a namespace (partitions excluded).
SELECT c.relname
FROM pg_class c
WHERE c.relnamespace = current_schema()::regnamespace
  AND c.relkind IN ('r', 'p') AND NOT c.relispartition
  AND EXISTS (SELECT 1 FROM pg_attribute a
              WHERE a.attrelid = c.oid AND a.attname = 'namespace' AND NOT a.attisdropped)
ORDER BY c.relname

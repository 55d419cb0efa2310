-- The size of an index by qualified name (a rebuilt index has a new oid).
SELECT coalesce(pg_relation_size(to_regclass($1)), 0)

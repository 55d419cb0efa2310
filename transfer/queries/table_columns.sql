-- The stored columns of a table (generated ones are rebuilt on insert), in order.
SELECT a.attname
FROM pg_attribute a
WHERE a.attrelid = to_regclass($1) AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
ORDER BY a.attnum

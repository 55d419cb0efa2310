-- Declared dimension of each embedding table (NULL rows before migration).
SELECT c.relname, a.atttypmod
  FROM pg_class c
  JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'embedding' AND NOT a.attisdropped
 WHERE c.relname IN ('success_index', 'failure_index', 'principle_embeddings', 'asset_embeddings')
   AND c.relnamespace = current_schema()::regnamespace

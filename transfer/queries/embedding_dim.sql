-- The dimension D of the embedding indexes (vector(D)).
SELECT atttypmod FROM pg_attribute WHERE attrelid = to_regclass('success_index') AND attname = 'embedding'

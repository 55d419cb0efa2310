-- Declared dimension of the success index embedding column (NULL before migration).
SELECT atttypmod FROM pg_attribute
 WHERE attrelid = to_regclass('success_index') AND attname = 'embedding' AND NOT attisdropped

-- Drops the HNSW indexes of the memory embedding tables before a bulk load
-- (evokg import --defer-indexes); build_ann_indexes builds them again.
DROP INDEX IF EXISTS success_index_hnsw;
DROP INDEX IF EXISTS failure_index_hnsw;
DROP INDEX IF EXISTS principle_embeddings_hnsw;

-- Builds the HNSW indexes of the memory embedding tables that are missing,
-- as postgres/migrations/00002_vector.sql and 00021_ann_slices.sql define them
-- (on a partitioned table, one per partition). A no-op when they exist.
CREATE INDEX IF NOT EXISTS success_index_hnsw ON success_index
    USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64) WHERE ann;
CREATE INDEX IF NOT EXISTS failure_index_hnsw ON failure_index
    USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64) WHERE ann;
CREATE INDEX IF NOT EXISTS principle_embeddings_hnsw ON principle_embeddings
    USING hnsw (embedding vector_cosine_ops);

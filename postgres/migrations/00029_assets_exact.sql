-- +goose Up
-- Asset searches scan a namespace's own rows exactly (through the primary
-- key's namespace prefix). The HNSW index filtered by namespace after its
-- candidate list: when other namespaces held close vectors they filled the
-- list and a namespace's own tools and agents went unseen. A namespace holds
-- tens to hundreds of assets, so the exact scan is cheap.
DROP INDEX asset_embeddings_hnsw;

-- +goose Down
CREATE INDEX asset_embeddings_hnsw ON asset_embeddings USING hnsw (embedding vector_cosine_ops);

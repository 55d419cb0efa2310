-- Inserts or refreshes the embedding of a tool or expert agent.
INSERT INTO asset_embeddings (namespace, id, kind, name, description, validated, embedding)
VALUES ($1, $2, $3, $4, $5, $6, $7::real[]::vector)
ON CONFLICT (namespace, id) DO UPDATE
   SET kind = excluded.kind, name = excluded.name, description = excluded.description,
       validated = excluded.validated, embedding = excluded.embedding, updated_at = now()

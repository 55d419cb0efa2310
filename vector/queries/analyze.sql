-- Refreshes planner statistics of the embedding tables after a bulk load.
ANALYZE success_index, failure_index, principle_embeddings, asset_embeddings

INSERT INTO llm_calls (id, namespace, run_id, iteration, experience_id, role, layer, model,
                       prompt_tokens, reply_tokens, duration_ms, outcome, reason, created_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)

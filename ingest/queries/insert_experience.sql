INSERT INTO experiences (id, namespace, task_type, outcome, failure_kind, status, record, quality, confidence, signature, supersedes, created_at, updated_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)

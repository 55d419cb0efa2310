UPDATE experiences
SET outcome = $3, failure_kind = $4, record = $5, quality = $6, signature = $7,
    status = 'queued', status_reason = '', updated_at = now()
WHERE namespace = $1 AND id = $2 AND status = 'evaluating'

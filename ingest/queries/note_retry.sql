UPDATE experiences
SET status_reason = $3, updated_at = now()
WHERE namespace = $1 AND id = $2 AND status IN ('embedding', 'queued', 'evaluating')

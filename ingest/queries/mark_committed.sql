UPDATE experiences
SET status = 'committed', status_reason = '', projected_at = now(), updated_at = now()
WHERE namespace = $1 AND id = $2 AND status IN ('queued', 'committed', 'failed')

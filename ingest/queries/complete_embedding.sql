-- Moves embedded experiences on to graph projection; returns those that
-- were still waiting (a retried job finds none).
UPDATE experiences
SET status = 'queued', status_reason = '', updated_at = now()
WHERE namespace = $1 AND id = ANY ($2::uuid[]) AND status = 'embedding'
RETURNING id

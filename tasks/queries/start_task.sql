UPDATE tasks SET status = 'running', updated_at = now()
WHERE namespace = $1 AND id = $2 AND status IN ('queued', 'running')
RETURNING id

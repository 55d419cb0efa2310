UPDATE tasks SET status = $3, answer = $4, committed = $5, error = $6, updated_at = now()
WHERE namespace = $1 AND id = $2

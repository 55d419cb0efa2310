UPDATE tasks SET plan = $3, updated_at = now() WHERE namespace = $1 AND id = $2

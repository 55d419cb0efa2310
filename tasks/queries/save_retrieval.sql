UPDATE tasks SET retrieval = $3, updated_at = now() WHERE namespace = $1 AND id = $2

UPDATE experiences
SET record = $3, updated_at = now()
WHERE namespace = $1 AND id = $2 AND status = 'evaluating'

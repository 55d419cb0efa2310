UPDATE retrievals
SET reward = $3, rewarded_at = now()
WHERE namespace = $1 AND id = $2 AND reward IS NULL

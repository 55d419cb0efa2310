SELECT extract(epoch FROM projected_at - created_at) * 1000
FROM experiences
WHERE namespace = $1 AND projected_at IS NOT NULL

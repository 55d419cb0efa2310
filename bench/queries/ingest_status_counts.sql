SELECT count(*) FILTER (WHERE status = 'committed'), count(*) FILTER (WHERE status = 'failed')
FROM experiences
WHERE namespace = $1

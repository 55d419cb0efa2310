SELECT outcome, count(*)
FROM experiences
WHERE namespace = $1 AND status <> 'failed'
GROUP BY outcome

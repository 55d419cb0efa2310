SELECT outcome, count(*)
FROM experiences
WHERE namespace = $1 AND status = 'committed'
GROUP BY outcome

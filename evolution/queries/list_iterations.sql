SELECT metrics
FROM evolution_iterations
WHERE namespace = $1 AND run_id = $2
ORDER BY iteration

SELECT kind, context, arm, alpha, beta, pulls
FROM bandit_run_deltas
WHERE namespace = $1 AND run_id = $2
ORDER BY kind, context, arm

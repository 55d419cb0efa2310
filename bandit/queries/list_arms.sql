SELECT kind, context, arm, alpha, beta, pulls, reward_sum
FROM bandit_arms
WHERE namespace = $1
ORDER BY kind, context, position

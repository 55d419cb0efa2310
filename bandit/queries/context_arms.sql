SELECT arm, position, alpha, beta, pulls, reward_sum
FROM bandit_arms
WHERE namespace = $1 AND kind = $2 AND context = $3
ORDER BY position

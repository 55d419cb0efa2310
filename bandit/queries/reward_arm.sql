UPDATE bandit_arms
SET alpha = alpha + $5, beta = beta + 1 - $5, reward_sum = reward_sum + $5, updated_at = now()
WHERE namespace = $1 AND kind = $2 AND context = $3 AND arm = $4

UPDATE bandit_arms
SET alpha = $2, beta = $3, pulls = 0, reward_sum = 0, updated_at = now()
WHERE namespace = $1

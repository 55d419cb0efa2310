SELECT arm
FROM bandit_arms
WHERE namespace = $1 AND kind = $2 AND context = $3
ORDER BY alpha / (alpha + beta) DESC, position
LIMIT 1

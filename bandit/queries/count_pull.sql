UPDATE bandit_arms SET pulls = pulls + 1, updated_at = now()
WHERE namespace = $1 AND kind = $2 AND context = $3 AND arm = $4

UPDATE bandit_arms AS b
SET alpha = s.alpha, beta = s.beta, pulls = s.pulls, reward_sum = s.reward_sum, updated_at = now()
FROM unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::float8[], $7::bigint[], $8::float8[])
     AS s(kind, context, arm, alpha, beta, pulls, reward_sum)
WHERE b.namespace = $1 AND b.kind = s.kind AND b.context = s.context AND b.arm = s.arm

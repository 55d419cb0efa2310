-- Takes back from the arms of namespace $1 what evolution run $2 added
-- since its contributions were ($3..$8): the pulls of its selections and
-- the rewards of its answers, and nothing else. α and β never go below the
-- prior ($9, $10).
WITH since AS (
    SELECT d.kind, d.context, d.arm,
           d.alpha - COALESCE(s.alpha, 0) AS alpha,
           d.beta - COALESCE(s.beta, 0) AS beta,
           d.pulls - COALESCE(s.pulls, 0) AS pulls
    FROM bandit_run_deltas d
    LEFT JOIN unnest($3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::bigint[])
         AS s(kind, context, arm, alpha, beta, pulls)
      ON s.kind = d.kind AND s.context = d.context AND s.arm = d.arm
    WHERE d.namespace = $1 AND d.run_id = $2
)
UPDATE bandit_arms AS b
SET alpha = GREATEST(b.alpha - since.alpha, $9),
    beta = GREATEST(b.beta - since.beta, $10),
    pulls = GREATEST(b.pulls - since.pulls, 0),
    reward_sum = GREATEST(b.reward_sum - since.alpha, 0),
    updated_at = now()
FROM since
WHERE b.namespace = $1 AND b.kind = since.kind AND b.context = since.context AND b.arm = since.arm
  AND (since.alpha <> 0 OR since.beta <> 0 OR since.pulls <> 0)

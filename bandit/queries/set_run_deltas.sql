INSERT INTO bandit_run_deltas (namespace, run_id, kind, context, arm, alpha, beta, pulls)
SELECT $1, $2, s.kind, s.context, s.arm, s.alpha, s.beta, s.pulls
FROM unnest($3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[], $8::bigint[])
     AS s(kind, context, arm, alpha, beta, pulls)

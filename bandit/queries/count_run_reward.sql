-- The reward $6 of one of evolution run $2's answers, on one arm (its own
-- contributions): α grows by r, β by 1 − r.
INSERT INTO bandit_run_deltas (namespace, run_id, kind, context, arm, alpha, beta)
VALUES ($1, $2, $3, $4, $5, $6::float8, 1 - $6::float8)
ON CONFLICT (namespace, run_id, kind, context, arm) DO UPDATE
SET alpha = bandit_run_deltas.alpha + excluded.alpha,
    beta = bandit_run_deltas.beta + excluded.beta

-- One more pull of an arm by evolution run $2 (its own contributions).
INSERT INTO bandit_run_deltas (namespace, run_id, kind, context, arm, pulls)
VALUES ($1, $2, $3, $4, $5, 1)
ON CONFLICT (namespace, run_id, kind, context, arm) DO UPDATE
SET pulls = bandit_run_deltas.pulls + 1

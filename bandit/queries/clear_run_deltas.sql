DELETE FROM bandit_run_deltas WHERE namespace = $1 AND run_id = $2

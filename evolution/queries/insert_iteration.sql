WITH saved AS (
    INSERT INTO evolution_iterations (namespace, run_id, iteration, metrics, results)
    VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (run_id, iteration) DO NOTHING
    RETURNING iteration
)
UPDATE evolution_runs
SET current_iteration = GREATEST(current_iteration, $3), updated_at = now()
WHERE namespace = $1 AND id = $2

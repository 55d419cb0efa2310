INSERT INTO memory_switches (namespace, task_type, off, with_memory, without_memory, delta, run_id, iteration)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (namespace, task_type) DO UPDATE
SET off = excluded.off,
    with_memory = excluded.with_memory,
    without_memory = excluded.without_memory,
    delta = excluded.delta,
    run_id = excluded.run_id,
    iteration = excluded.iteration,
    changed_at = CASE WHEN memory_switches.off = excluded.off THEN memory_switches.changed_at ELSE now() END,
    updated_at = now()
RETURNING task_type, off, with_memory, without_memory, delta, run_id, iteration, changed_at, updated_at

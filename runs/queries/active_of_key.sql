-- The active (queued or running) background runs key $1 started: evolution
-- runs, epoch runs and tasks (an epoch run's own tasks carry no key).
SELECT (SELECT count(*) FROM evolution_runs WHERE key_id = $1 AND status IN ('queued', 'running'))
     + (SELECT count(*) FROM epoch_runs WHERE key_id = $1 AND status IN ('queued', 'running'))
     + (SELECT count(*) FROM tasks WHERE key_id = $1 AND status IN ('queued', 'running'))

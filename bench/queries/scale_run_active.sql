-- Whether a run is still queued or running.
SELECT status IN ('queued', 'running') FROM evolution_runs WHERE id = $1

-- Returns to the queue the running jobs of clients whose heartbeat is older
-- than $1 seconds, as River's rescuer does for stuck jobs: the attempt is
-- recorded as an error, and a job at its last attempt is discarded. Rows
-- locked by a concurrent rescue are re-checked, so a job is rescued once.
-- Then forgets heartbeats an hour old, whose jobs were rescued long since.
WITH rescued AS (
    UPDATE river_job j
       SET state = CASE WHEN j.attempt < j.max_attempts THEN 'available' ELSE 'discarded' END::river_job_state,
           scheduled_at = now(),
           finalized_at = CASE WHEN j.attempt < j.max_attempts THEN NULL ELSE now() END,
           errors = array_append(j.errors, jsonb_build_object(
               'at', now(), 'attempt', j.attempt, 'trace', '',
               'error', format('worker %s stopped at %s (no heartbeat)', h.client_id, h.beat_at))),
           metadata = j.metadata || jsonb_build_object('evokg:rescued_from', h.client_id)
      FROM worker_heartbeats h
     WHERE j.state = 'running'
       AND j.attempted_by[cardinality(j.attempted_by)] = h.client_id
       AND h.beat_at < now() - make_interval(secs => $1)
    RETURNING j.id, j.kind, j.state::text, h.client_id
), forgotten AS (
    DELETE FROM worker_heartbeats WHERE beat_at < now() - interval '1 hour'
)
SELECT id, kind, state, client_id FROM rescued

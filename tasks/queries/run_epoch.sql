-- Records the epoch a run is in and answers its status: a cancelled run
-- stops before its next task.
UPDATE epoch_runs SET current_epoch = $3, updated_at = now()
WHERE namespace = $1 AND id = $2
RETURNING status

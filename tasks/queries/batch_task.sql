-- The task a run started for an epoch and pool item, if any.
SELECT id FROM tasks
WHERE namespace = $1 AND batch_id = $2 AND epoch = $3 AND item_id = $4

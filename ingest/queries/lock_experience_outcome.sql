-- The outcome of one experience, locked for deletion.
SELECT outcome FROM experiences WHERE namespace = $1 AND id = $2 FOR UPDATE

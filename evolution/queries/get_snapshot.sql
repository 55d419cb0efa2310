SELECT iteration, skills, bandits, accuracy
FROM slot_snapshots
WHERE namespace = $1 AND id = $2

SELECT iteration, skills, bandits, accuracy, run_bandits
FROM slot_snapshots
WHERE namespace = $1 AND id = $2

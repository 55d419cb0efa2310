INSERT INTO slot_snapshots (id, namespace, run_id, iteration, skills, bandits, accuracy, run_bandits)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
ON CONFLICT (id) DO UPDATE
SET skills = excluded.skills, bandits = excluded.bandits, accuracy = excluded.accuracy,
    run_bandits = excluded.run_bandits, created_at = now()

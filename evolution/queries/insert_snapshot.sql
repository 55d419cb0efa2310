INSERT INTO slot_snapshots (id, namespace, run_id, iteration, skills, bandits, accuracy)
VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (id) DO UPDATE
SET skills = excluded.skills, bandits = excluded.bandits, accuracy = excluded.accuracy, created_at = now()

-- A skill's mastery after every iteration of every run, from the per-iteration
-- mutable-slot snapshots, oldest first.
SELECT s.iteration, (slot->>'mastery')::double precision, s.created_at
  FROM slot_snapshots s, jsonb_array_elements(s.skills) AS slot
 WHERE s.namespace = $1 AND slot->>'name' = $2
 ORDER BY s.created_at, s.iteration

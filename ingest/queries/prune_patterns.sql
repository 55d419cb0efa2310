-- prune_low_confidence: deletes abstracted patterns below the threshold, and
-- nothing else.
DELETE FROM experiences
 WHERE namespace = $1 AND outcome = 'abstracted_pattern' AND confidence < $2
RETURNING id

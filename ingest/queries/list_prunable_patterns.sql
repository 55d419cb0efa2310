-- Abstracted patterns below the confidence threshold.
SELECT id FROM experiences
 WHERE namespace = $1 AND outcome = 'abstracted_pattern' AND confidence < $2
 ORDER BY id

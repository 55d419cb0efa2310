-- Counts the calls of one tool in a graded answer. $1 namespace, $2 name,
-- $3 calls in an answer graded right, $4 calls in an answer graded wrong,
-- $5 completed calls (judged now; errors were judged when they happened),
-- $6 completed calls of a wrong answer (judged failed).
INSERT INTO tool_stats AS s (namespace, name, graded_right, graded_wrong, judged, judged_failed)
VALUES ($1, $2, $3, $4, $5, $6)
ON CONFLICT (namespace, name) DO UPDATE
   SET graded_right = s.graded_right + excluded.graded_right,
       graded_wrong = s.graded_wrong + excluded.graded_wrong,
       judged = s.judged + excluded.judged,
       judged_failed = s.judged_failed + excluded.judged_failed

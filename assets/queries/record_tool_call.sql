-- Counts one learner call of a tool. $1 namespace, $2 name, $3 completed
-- (0 or 1), $4 error (0 or 1), $5 stopped by a sandbox limit (0 or 1). An
-- error is judged, and failed, at once.
INSERT INTO tool_stats AS s (namespace, name, calls, completed, errors, limited, judged, judged_failed, last_called_at)
VALUES ($1, $2, 1, $3, $4, $5, $4, $4, now())
ON CONFLICT (namespace, name) DO UPDATE
   SET calls = s.calls + 1,
       completed = s.completed + excluded.completed,
       errors = s.errors + excluded.errors,
       limited = s.limited + excluded.limited,
       judged = s.judged + excluded.judged,
       judged_failed = s.judged_failed + excluded.judged_failed,
       last_called_at = excluded.last_called_at

-- Retires a tool when the rule holds: at least $3 judged calls since it was
-- last restored, and a failed share of at least $4. Returns its name when
-- this statement retired it. $1 namespace, $2 name.
UPDATE tool_stats
   SET retired_at = now(),
       retired_reason = format('%s of its %s judged calls failed (the rule: at least %s judged calls, a failed share of at least %s)',
                               judged_failed, judged, $3::bigint, $4::float8)
 WHERE namespace = $1 AND name = $2 AND retired_at IS NULL
   AND judged >= $3::bigint AND judged_failed >= $4::float8 * judged
RETURNING name

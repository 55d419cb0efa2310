-- Puts a retired tool back into recruitment; the rule counts again from
-- zero. $1 namespace, $2 name.
UPDATE tool_stats
   SET retired_at = NULL, retired_reason = '', restored_at = now(), judged = 0, judged_failed = 0
 WHERE namespace = $1 AND name = $2 AND retired_at IS NOT NULL

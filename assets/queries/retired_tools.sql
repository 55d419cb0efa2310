-- The names of the retired tools of a namespace. $1 namespace.
SELECT name FROM tool_stats WHERE namespace = $1 AND retired_at IS NOT NULL

-- A key's counts in the current ($2) and the previous ($3) window.
SELECT coalesce(sum(count) FILTER (WHERE window_start = $2), 0)::int,
       coalesce(sum(count) FILTER (WHERE window_start = $3), 0)::int
FROM rate_limit_counts
WHERE key = $1 AND window_start IN ($2, $3)

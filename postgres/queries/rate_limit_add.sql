-- Adds n requests to a key's window, atomically across processes, and
-- returns the window's count.
INSERT INTO rate_limit_counts (key, window_start, count)
VALUES ($1, $2, $3)
ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limit_counts.count + EXCLUDED.count
RETURNING count

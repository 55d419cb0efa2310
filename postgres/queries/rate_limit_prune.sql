-- Deletes the windows that started before $1.
DELETE FROM rate_limit_counts WHERE window_start < $1

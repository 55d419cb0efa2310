-- The session's search_path setting, as given (e.g. "dim384, public").
SELECT current_setting('search_path')

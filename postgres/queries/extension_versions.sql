-- Installed and available pgvector versions (NULL when absent).
SELECT (SELECT extversion FROM pg_extension WHERE extname = 'vector'),
       (SELECT default_version FROM pg_available_extensions WHERE name = 'vector')

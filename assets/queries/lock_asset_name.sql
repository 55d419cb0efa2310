-- Serialises the writes of one asset name until the transaction ends, so
-- that concurrent creations of a name get consecutive versions.
-- $1 namespace, $2 kind, $3 name.
SELECT pg_advisory_xact_lock(hashtextextended($1 || '/' || $2 || '/' || $3, 0))

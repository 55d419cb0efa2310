-- Serializes imports into one namespace until the transaction ends.
SELECT pg_advisory_xact_lock(hashtextextended('evokg-namespace-import:' || $1, 0))

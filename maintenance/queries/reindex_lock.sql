-- One reindex at a time per schema: a second would rebuild the same indexes
-- again behind the first's locks.
SELECT pg_try_advisory_lock(hashtext('evokg.reindex.' || current_schema()))

SELECT pg_advisory_unlock(hashtext('evokg.reindex.' || current_schema()))

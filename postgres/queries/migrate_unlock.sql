SELECT pg_advisory_unlock(hashtext('evokg-migrate'))

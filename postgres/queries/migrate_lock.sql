SELECT pg_advisory_lock(hashtext('evokg-migrate'))

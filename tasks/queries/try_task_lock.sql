SELECT pg_try_advisory_lock(hashtext('evokg.prgii_task'), hashtext($1::text))

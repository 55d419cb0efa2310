SELECT pg_try_advisory_lock(hashtext('evokg.prgii_run'), hashtext($1::text))

SELECT pg_advisory_unlock(hashtext('evokg.prgii_task'), hashtext($1::text))

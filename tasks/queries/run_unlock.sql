SELECT pg_advisory_unlock(hashtext('evokg.prgii_run'), hashtext($1::text))

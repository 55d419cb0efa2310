SELECT pg_try_advisory_lock(hashtext('evokg.evolution_run'), hashtext($1::text))

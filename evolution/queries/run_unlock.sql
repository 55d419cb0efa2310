SELECT pg_advisory_unlock(hashtext('evokg.evolution_run'), hashtext($1::text))

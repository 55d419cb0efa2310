SELECT pg_advisory_unlock(hashtext($1::text), hashtext($2::text))

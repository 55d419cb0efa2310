SELECT pg_try_advisory_lock(hashtext($1::text), hashtext($2::text))

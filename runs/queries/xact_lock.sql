SELECT pg_advisory_xact_lock(hashtext($1::text), hashtext($2::text))

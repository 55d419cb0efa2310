-- The memories among $2 (of namespace $1) that are not served: probationary
-- or quarantined (postgres/migrations/00024_memory_utility.sql).
SELECT experience_id
FROM memory_utility
WHERE namespace = $1 AND experience_id = ANY ($2::uuid[]) AND state <> 'active'

-- The tenant of namespace $1: the key that created it, NULL when no key did.
SELECT (SELECT created_by FROM namespaces WHERE name = $1)

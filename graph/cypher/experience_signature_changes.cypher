// The experiences of the namespace written after clock tick $since (at
// most $limit, oldest tick first), as experience_signature_window returns
// them.
MATCH (e:Experience)
USING INDEX SEEK e:Experience(namespace, clock)
WHERE e.namespace = $namespace AND e.clock > $since
WITH e
ORDER BY e.clock
LIMIT $limit
RETURN collect(e.id) AS ids, collect(e.task_type) AS task_types, collect(e.outcome) AS outcomes,
       collect(coalesce(e.signature, [])) AS signatures, collect(coalesce(e.state, 'active')) AS states

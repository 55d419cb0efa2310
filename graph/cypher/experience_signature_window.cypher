// The newest $window experiences of the namespace (read newest first from
// the (namespace, id) key index), with what a structural match returns of
// them, as parallel lists: a signature-less experience holds its place in
// the window with an empty signature.
MATCH (e:Experience)
USING INDEX SEEK e:Experience(namespace, id)
WHERE e.namespace = $namespace AND e.id > ''
WITH e
ORDER BY e.namespace DESC, e.id DESC
LIMIT $window
RETURN collect(e.id) AS ids, collect(e.task_type) AS task_types, collect(e.outcome) AS outcomes,
       collect(coalesce(e.signature, [])) AS signatures

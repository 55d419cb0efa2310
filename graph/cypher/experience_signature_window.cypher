// The newest $window experiences of the namespace (read newest first from
// the (namespace, id) key index), with what a structural match returns of
// them and its state (served when active), as parallel lists: a
// signature-less or unserved experience holds its place in the window.
MATCH (e:Experience)
USING INDEX SEEK e:Experience(namespace, id)
WHERE e.namespace = $namespace AND e.id > ''
WITH e
ORDER BY e.namespace DESC, e.id DESC
LIMIT $window
RETURN collect(e.id) AS ids, collect(e.task_type) AS task_types, collect(e.outcome) AS outcomes,
       collect(coalesce(e.signature, [])) AS signatures, collect(coalesce(e.state, 'active')) AS states

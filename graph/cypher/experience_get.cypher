MATCH (e:Experience {namespace: $namespace, id: $id})
RETURN e {.*, labels: labels(e)} AS experience

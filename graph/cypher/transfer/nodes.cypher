// Every node of a namespace with its labels and properties (namespace export).
MATCH (n {namespace: $namespace})
RETURN elementId(n) AS ref, labels(n) AS labels, properties(n) AS props

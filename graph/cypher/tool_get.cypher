MATCH (t:Tool {namespace: $namespace, id: $id})
RETURN t {.*} AS tool

MATCH (t:Tool {namespace: $namespace})
RETURN t {.*} AS tool
ORDER BY t.name, t.version

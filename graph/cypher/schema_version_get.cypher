MATCH (v:SchemaVersion {name: 'graph', namespace: $namespace})
RETURN v.version AS version

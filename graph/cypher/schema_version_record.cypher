// Records the applied schema version (bookkeeping namespace "_system").
MERGE (v:SchemaVersion {name: 'graph'})
SET v.namespace = $namespace, v.version = $version, v.applied_at = datetime()

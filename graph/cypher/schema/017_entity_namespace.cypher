CREATE INDEX entity_namespace IF NOT EXISTS FOR (n:Entity) ON (n.namespace)

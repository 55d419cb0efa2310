CREATE INDEX experience_namespace IF NOT EXISTS FOR (n:Experience) ON (n.namespace)

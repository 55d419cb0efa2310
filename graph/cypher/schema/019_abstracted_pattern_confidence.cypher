CREATE INDEX abstracted_pattern_confidence IF NOT EXISTS FOR (n:AbstractedPattern) ON (n.namespace, n.confidence)

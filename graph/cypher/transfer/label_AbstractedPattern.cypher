// Adds the :AbstractedPattern label to imported nodes (namespace import).
UNWIND $ids AS id
MATCH (n) WHERE elementId(n) = id AND n.namespace = $namespace
SET n:AbstractedPattern

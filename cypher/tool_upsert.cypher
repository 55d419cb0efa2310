// A tool of the asset memory (Mem2Evolve). Tools are mutable assets; a new
// version is a new node.
MERGE (t:Tool {namespace: $namespace, id: $id})
  ON CREATE SET t.created_at = datetime()
SET t.name = $name, t.description = $description, t.input_schema = $input_schema,
    t.output_schema = $output_schema, t.code = $code, t.validated = $validated, t.version = $version
RETURN t {.*} AS tool

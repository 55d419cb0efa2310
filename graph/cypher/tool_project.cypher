// Projects a tool version stored in Postgres (package assets), which holds
// it whole: a node of the same name and version under another id is a
// stale projection (the graph outlived the rows) and is replaced.
CALL {
  MATCH (stale:Tool {namespace: $namespace, name: $name, version: $version})
  WHERE stale.id <> $id
  DETACH DELETE stale
}
MERGE (t:Tool {namespace: $namespace, id: $id})
  ON CREATE SET t.created_at = datetime()
SET t.name = $name, t.description = $description, t.input_schema = $input_schema,
    t.output_schema = $output_schema, t.code = $code, t.validated = $validated, t.version = $version,
    t.tests_ran = $tests_ran, t.tests_passed = $tests_passed, t.validation_reason = $validation_reason
RETURN t {.*} AS tool

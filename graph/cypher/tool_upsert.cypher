// A tool version of the asset memory (Mem2Evolve), projected from Postgres
// (package assets). A new version is a new node.
MERGE (t:Tool {namespace: $namespace, id: $id})
  ON CREATE SET t.created_at = datetime()
SET t.name = $name, t.description = $description, t.input_schema = $input_schema,
    t.output_schema = $output_schema, t.code = $code, t.validated = $validated, t.version = $version,
    t.tests_ran = $tests_ran, t.tests_passed = $tests_passed, t.validation_reason = $validation_reason
RETURN t {.*} AS tool

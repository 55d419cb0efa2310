-- Tool versions written to Postgres but not yet projected into Neo4j. $1 namespace.
SELECT id, name, version, description, input_schema, output_schema, code, tests, validated, validation,
       skill, created_from, created_at
  FROM tools
 WHERE namespace = $1 AND projected_at IS NULL
 ORDER BY name, version

-- Every projected version of a tool, newest first. $1 namespace, $2 name.
SELECT id, name, version, description, input_schema, output_schema, code, tests, validated, validation,
       skill, created_from, created_at
  FROM tools
 WHERE namespace = $1 AND name = $2 AND projected_at IS NOT NULL
 ORDER BY version DESC

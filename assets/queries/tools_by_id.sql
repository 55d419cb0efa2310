-- Projected tools by id. $1 namespace, $2 ids.
SELECT id, name, version, description, input_schema, output_schema, code, tests, validated, validation,
       skill, created_from, created_at
  FROM tools
 WHERE namespace = $1 AND id = ANY($2) AND projected_at IS NOT NULL

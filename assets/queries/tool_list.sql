-- The latest projected version of every tool of a namespace, by name. $1 namespace.
SELECT DISTINCT ON (name) id, name, version, description, input_schema, output_schema, code, tests, validated,
       validation, skill, created_from, created_at
  FROM tools
 WHERE namespace = $1 AND projected_at IS NOT NULL
 ORDER BY name, version DESC

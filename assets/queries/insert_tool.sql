-- Stores the next version of a tool. $1 id, $2 namespace, $3 name,
-- $4 description, $5 input schema, $6 output schema, $7 code, $8 tests,
-- $9 validated, $10 validation record, $11 skill, $12 created_from.
INSERT INTO tools (id, namespace, name, version, description, input_schema, output_schema, code, tests,
                   validated, validation, skill, created_from)
SELECT $1, $2, $3, coalesce(max(version), 0) + 1, $4, $5, $6, $7, $8, $9, $10, $11, $12
  FROM tools WHERE namespace = $2 AND name = $3
RETURNING version, created_at

-- Tool versions written to Postgres but not yet projected into Neo4j. $1 namespace.
SELECT t.id, t.name, t.version, t.description, t.input_schema, t.output_schema, t.code, t.tests, t.validated,
       t.validation, t.skill, t.created_from, t.created_at,
       coalesce(s.calls, 0), coalesce(s.completed, 0), coalesce(s.errors, 0), coalesce(s.limited, 0),
       coalesce(s.graded_right, 0), coalesce(s.graded_wrong, 0), coalesce(s.judged, 0), coalesce(s.judged_failed, 0),
       s.last_called_at, s.retired_at, coalesce(s.retired_reason, ''), s.restored_at
  FROM tools t
  LEFT JOIN tool_stats s ON s.namespace = t.namespace AND s.name = t.name
 WHERE t.namespace = $1 AND t.projected_at IS NULL
 ORDER BY t.name, t.version

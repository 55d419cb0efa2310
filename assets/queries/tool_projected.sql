-- Marks a tool version as projected into Neo4j. $1 id.
UPDATE tools SET projected_at = now() WHERE id = $1

-- The memories of namespace $1 written from a question: their id and that
-- question (a training answer leaves out those of its own question).
SELECT id, record->>'question'
  FROM experiences
 WHERE namespace = $1 AND coalesce(record->>'question', '') <> ''

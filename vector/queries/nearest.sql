-- Nearest experiences of a namespace across task types and both channels
-- (used to draw SIMILAR_TO edges). $1 namespace, $2 query vector, $3 K.
SELECT id, task_type, outcome, failure_kind, quality, signature, created_at, similarity,
       '', '', '', '', ''
  FROM ((SELECT id, task_type, outcome, coalesce(failure_kind, '') AS failure_kind, quality, signature,
                created_at, 1 - (embedding <=> $2::real[]::vector) AS similarity
           FROM success_index
          WHERE namespace = $1
          ORDER BY embedding <=> $2::real[]::vector
          LIMIT $3)
        UNION ALL
        (SELECT id, task_type, outcome, coalesce(failure_kind, ''), quality, signature,
                created_at, 1 - (embedding <=> $2::real[]::vector)
           FROM failure_index
          WHERE namespace = $1
          ORDER BY embedding <=> $2::real[]::vector
          LIMIT $3)) n
 ORDER BY similarity DESC, id
 LIMIT $3

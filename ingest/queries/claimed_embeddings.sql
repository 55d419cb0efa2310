-- The indexed embeddings of the given experiences ($2 ids, $3 their task
-- types), from whichever index holds them (success, failure or principle).
-- Each key is looked up by the channel tables' primary key in the one
-- partition its (namespace, task type) hashes to (run-time pruning of the
-- nested loop), not in all 16. LIMIT 1 keeps each lookup a nested loop:
-- joined plainly, a namespace the statistics have not seen yet was
-- estimated at a few rows, and the whole namespace hashed per batch.
SELECT k.id, s.embedding::real[]
FROM unnest($2::uuid[], $3::text[]) AS k (id, task_type)
CROSS JOIN LATERAL (SELECT embedding FROM success_index s
                     WHERE s.namespace = $1 AND s.task_type = k.task_type AND s.id = k.id LIMIT 1) s
UNION ALL
SELECT k.id, f.embedding::real[]
FROM unnest($2::uuid[], $3::text[]) AS k (id, task_type)
CROSS JOIN LATERAL (SELECT embedding FROM failure_index f
                     WHERE f.namespace = $1 AND f.task_type = k.task_type AND f.id = k.id LIMIT 1) f
UNION ALL
SELECT id, embedding::real[] FROM principle_embeddings WHERE namespace = $1 AND id = ANY ($2::uuid[])

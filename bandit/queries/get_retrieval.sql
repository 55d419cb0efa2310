SELECT task_type, search_arm, mode, memory_ids, reward IS NOT NULL
FROM retrievals
WHERE namespace = $1 AND id = $2
FOR UPDATE

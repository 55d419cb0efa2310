-- Records a memory written on probation (inside the ingest transaction,
-- before its index row, which is then written not served): when the writer
-- asked for it ($4) or the namespace asks it of every write.
-- $1 id, $2 namespace, $3 task type, $4 probation asked, $5 reason.
INSERT INTO memory_utility (experience_id, namespace, task_type, state, reason)
SELECT $1, $2, $3, 'probationary', $5
 WHERE $4 OR EXISTS (SELECT 1 FROM namespaces n WHERE n.name = $2 AND n.probation)
ON CONFLICT (experience_id) DO NOTHING

// Writes a PRGII task's trace: the task, its attempts in order (ATTEMPTED,
// NEXT_ATTEMPT). Idempotent: MERGE by id, properties set from the record.
MERGE (t:Task {namespace: $namespace, id: $id})
  ON CREATE SET t.created_at = datetime($created_at)
SET t.question = $question, t.task_type = $task_type, t.status = $status, t.validator = $validator,
    t.signature = $signature, t.goal = $goal, t.answer = $answer, t.attempts = size($attempts)
FOREACH (a IN $attempts |
  MERGE (x:Attempt {namespace: $namespace, id: a.id})
    ON CREATE SET x.created_at = datetime(a.created_at)
  SET x.n = a.n, x.answer = a.answer, x.passed = a.passed, x.outcome = a.outcome, x.root_cause = a.root_cause,
      x.fix_target = a.fix_target, x.stuck = a.stuck, x.guidance = a.guidance
  MERGE (t)-[:ATTEMPTED]->(x))
FOREACH (p IN $next |
  MERGE (a:Attempt {namespace: $namespace, id: p.from})
  MERGE (b:Attempt {namespace: $namespace, id: p.to})
  MERGE (a)-[:NEXT_ATTEMPT]->(b))
RETURN t.id AS id

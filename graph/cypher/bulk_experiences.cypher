// Bulk loading: experience nodes with their class label and MEMBER_OF.
UNWIND $rows AS r
MATCH (t:TaskType {namespace: $namespace, name: r.task_type})
USING INDEX t:TaskType(namespace, name)
MERGE (e:Experience {namespace: $namespace, id: r.id})
  ON CREATE SET e.task_type = r.task_type, e.outcome = r.outcome, e.skill = r.skill, e.content = r.content,
    e.signature = r.signature, e.quality = r.quality, e.confidence = r.confidence, e.version = 1,
    e.record_sha256 = '', e.transitions_counted = true, e.created_at = datetime()
MERGE (e)-[:MEMBER_OF]->(t)
FOREACH (_ IN CASE WHEN e.outcome = 'principle' THEN [1] ELSE [] END | SET e:Principle)
FOREACH (_ IN CASE WHEN e.outcome = 'failure_memory' THEN [1] ELSE [] END | SET e:FailureMemory)
FOREACH (_ IN CASE WHEN e.outcome = 'success_memory' THEN [1] ELSE [] END | SET e:SuccessMemory)
FOREACH (_ IN CASE WHEN e.outcome = 'retrieval_recipe' THEN [1] ELSE [] END | SET e:RetrievalRecipe)
FOREACH (_ IN CASE WHEN e.outcome = 'abstracted_pattern' THEN [1] ELSE [] END | SET e:AbstractedPattern)

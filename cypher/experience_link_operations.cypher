// Draws the experience's signature: one USES_OPERATION per position,
// creating operations that resolution found new.
MATCH (e:Experience {namespace: $namespace, id: $id})
UNWIND $ops AS op
MERGE (o:Operation {namespace: $namespace, name: op.name})
  ON CREATE SET o.id = op.id, o.embedding = op.embedding, o.created_at = datetime()
MERGE (e)-[:USES_OPERATION {position: op.position}]->(o)

// Bulk loading: PRINCIPLE_OF edges without the per-skill cap.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
MATCH (s:Skill {namespace: $namespace, name: r.skill})
USING INDEX s:Skill(namespace, name)
MERGE (e)-[:PRINCIPLE_OF]->(s)

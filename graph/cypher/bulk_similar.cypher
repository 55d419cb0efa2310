UNWIND $rows AS r
MATCH (a:Experience {namespace: $namespace, id: r.from})
USING INDEX a:Experience(namespace, id)
MATCH (b:Experience {namespace: $namespace, id: r.to})
USING INDEX b:Experience(namespace, id)
MERGE (a)-[s:SIMILAR_TO]->(b)
  ON CREATE SET s.cosine = r.score

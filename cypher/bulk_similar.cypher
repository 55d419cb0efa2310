UNWIND $rows AS r
MATCH (a:Experience {namespace: $namespace, id: r.from})
MATCH (b:Experience {namespace: $namespace, id: r.to})
MERGE (a)-[s:SIMILAR_TO]->(b)
  ON CREATE SET s.cosine = r.score

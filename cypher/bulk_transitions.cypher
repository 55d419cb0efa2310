UNWIND $rows AS r
MATCH (a:Operation {namespace: $namespace, name: r.from})
MATCH (b:Operation {namespace: $namespace, name: r.to})
MERGE (a)-[f:FOLLOWED_BY]->(b)
  ON CREATE SET f.count = 0
SET f.count = f.count + r.count

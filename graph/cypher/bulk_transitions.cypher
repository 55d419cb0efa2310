UNWIND $rows AS r
MATCH (a:Operation {namespace: $namespace, name: r.from})
USING INDEX a:Operation(namespace, name)
MATCH (b:Operation {namespace: $namespace, name: r.to})
USING INDEX b:Operation(namespace, name)
MERGE (a)-[f:FOLLOWED_BY]->(b)
  ON CREATE SET f.count = 0
SET f.count = f.count + r.count

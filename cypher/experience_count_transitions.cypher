// Counts the experience's operation transitions into FOLLOWED_BY exactly once:
// the transitions_counted flag makes a retried projection a no-op.
MATCH (e:Experience {namespace: $namespace, id: $id})
WHERE e.transitions_counted IS NULL
SET e.transitions_counted = true
WITH e
UNWIND $pairs AS p
MATCH (a:Operation {namespace: $namespace, name: p.from})
MATCH (b:Operation {namespace: $namespace, name: p.to})
MERGE (a)-[f:FOLLOWED_BY]->(b)
  ON CREATE SET f.count = 0
SET f.count = f.count + 1

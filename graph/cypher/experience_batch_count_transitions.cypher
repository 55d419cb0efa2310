// Adds the summed transition counts of a batch to FOLLOWED_BY, pairs sorted
// by (from, to). The write lock is taken before the count is read.
UNWIND $pairs AS p
MATCH (a:Operation {namespace: $namespace, name: p.from})
USING INDEX a:Operation(namespace, name)
MATCH (b:Operation {namespace: $namespace, name: p.to})
USING INDEX b:Operation(namespace, name)
MERGE (a)-[f:FOLLOWED_BY]->(b)
  ON CREATE SET f.count = 0
SET f.count_lock = true
REMOVE f.count_lock
SET f.count = f.count + p.count

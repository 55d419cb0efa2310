// Deletes every node (and so every edge) of a namespace, in batches.
MATCH (n {namespace: $namespace})
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS

// Overview: how many nodes of each label the namespace holds.
MATCH (n {namespace: $namespace})
UNWIND labels(n) AS label
RETURN label, count(*) AS nodes
ORDER BY nodes DESC

// A PRGII task's trace: the task, its attempts in order, the memories it
// retrieved (P+ and P−) and the experiences its attempts were committed as.
// Set the id with :param id => '<task uuid>' (GET /v1/namespaces/{ns}/tasks).
MATCH (t:Task {namespace: $namespace, id: $id})
OPTIONAL MATCH run = (t)-[:ATTEMPTED]->(:Attempt)
OPTIONAL MATCH steps = (:Attempt {namespace: $namespace})-[:NEXT_ATTEMPT]->(:Attempt)<-[:ATTEMPTED]-(t)
OPTIONAL MATCH used = (t)-[:RETRIEVED]->(:Experience)
OPTIONAL MATCH kept = (t)-[:ATTEMPTED]->(:Attempt)-[:COMMITTED_AS]->(:Experience)
RETURN t, collect(DISTINCT run) AS attempts, collect(DISTINCT steps) AS order,
       collect(DISTINCT used) AS retrieved, collect(DISTINCT kept) AS committed

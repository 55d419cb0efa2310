// Every experience node of a namespace, one row per node: its id and
// question (a count of copies for the benches' exactly-once checks).
MATCH (e:Experience {namespace: $namespace})
RETURN e.id AS id, e.question AS question

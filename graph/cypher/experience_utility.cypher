// Mirrors memory utility (package utility, Postgres) onto experience nodes:
// the state, its reason and the evidence, for Neo4j Browser. $rows are
// {id, state, reason, shown_right, shown_wrong, helped, hurt, tied, utility}.
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
SET e.state = r.state, e.state_reason = r.reason, e.utility = r.utility,
    e.shown_right = r.shown_right, e.shown_wrong = r.shown_wrong,
    e.helped = r.helped, e.hurt = r.hurt, e.tied = r.tied
RETURN count(e) AS matched

// Mirrors memory utility (package utility, Postgres) onto experience nodes:
// the state (the structural channel serves active ones only), its reason
// and the evidence, also for Neo4j Browser. $rows are
// {id, state, reason, shown_right, shown_wrong, helped, hurt, tied, utility}.
// Since the state decides what is served, this advances the namespace's experience clock and stamps the nodes
// with the tick, as a write of experiences does (see
// experience_clock_tick): windows kept in memory read the new states.
MERGE (c:ExperienceClock {namespace: $namespace})
  ON CREATE SET c.epoch = randomUUID(), c.tick = 0
SET c.tick = c.tick + 1, c.written_at = timestamp()
WITH c.tick AS tick
UNWIND $rows AS r
MATCH (e:Experience {namespace: $namespace, id: r.id})
USING INDEX e:Experience(namespace, id)
SET e.clock = tick, e.state = r.state, e.state_reason = r.reason, e.utility = r.utility,
    e.shown_right = r.shown_right, e.shown_wrong = r.shown_wrong,
    e.helped = r.helped, e.hurt = r.hurt, e.tied = r.tied
RETURN count(e) AS matched

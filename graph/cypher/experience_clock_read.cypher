// The namespace's experience clock: its epoch and tick (nulls before the
// first write, and after a purge).
OPTIONAL MATCH (c:ExperienceClock {namespace: $namespace})
RETURN c.epoch AS epoch, c.tick AS tick

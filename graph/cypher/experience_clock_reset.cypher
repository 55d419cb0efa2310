// Starts a new epoch of the namespace's experience clock, run first by a
// transaction that deletes experiences: readers that kept the namespace's
// signatures read them again.
MERGE (c:ExperienceClock {namespace: $namespace})
  ON CREATE SET c.tick = 0
SET c.epoch = randomUUID(), c.tick = c.tick + 1, c.written_at = timestamp()

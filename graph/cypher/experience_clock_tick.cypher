// Advances the namespace's experience clock; the caller stamps the
// experiences its transaction writes with the returned tick (e.clock).
// Every transaction that writes experiences runs this first, so the clock
// node's lock orders them: a reader that sees tick n sees every
// experience stamped n or lower.
MERGE (c:ExperienceClock {namespace: $namespace})
  ON CREATE SET c.epoch = randomUUID(), c.tick = 0
SET c.tick = c.tick + 1, c.written_at = timestamp()
RETURN c.tick AS tick

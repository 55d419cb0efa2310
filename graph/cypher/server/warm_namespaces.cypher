// The namespaces whose experiences were written most recently (their
// clocks' written_at, ms since the epoch), for the warm-up's reads on real
// data; warm-up namespaces left out. Server-wide: it lists namespaces.
MATCH (c:ExperienceClock)
WHERE NOT c.namespace STARTS WITH 'evokg-warmup-'
RETURN c.namespace AS namespace
ORDER BY coalesce(c.written_at, 0) DESC, c.namespace
LIMIT $limit

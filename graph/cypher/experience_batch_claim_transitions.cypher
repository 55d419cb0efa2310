// Marks which experiences of a batch have their operation transitions
// counted into FOLLOWED_BY, and returns those not counted before: a retried
// projection counts nothing twice. The write lock is taken (SET) before the
// flag is read, so two transactions cannot both claim one experience.
UNWIND $ids AS id
MATCH (e:Experience {namespace: $namespace, id: id})
USING INDEX e:Experience(namespace, id)
SET e.transitions_lock = true
REMOVE e.transitions_lock
WITH e
WHERE e.transitions_counted IS NULL
SET e.transitions_counted = true
RETURN e.id AS id

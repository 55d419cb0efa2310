-- The projection jobs of the retrieval benchmark's seeded memories: no
-- worker works their queue.
DELETE FROM river_job WHERE queue = $1

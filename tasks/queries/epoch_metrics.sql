-- Per-epoch SR, CSR, mean attempts and first-attempt success of a batch,
-- from the stored attempts, with the epoch's task ids. CSR at epoch e
-- counts the items solved in any epoch up to e. A failed task (its run
-- ended in an error, e.g. a model reply that stayed invalid) counts as a
-- task not solved, with the attempts it stored.
WITH per_task AS (
    SELECT t.id, t.epoch, t.item_id, t.frozen, t.status = 'failed' AS failed,
           coalesce(bool_or(a.passed), false)            AS solved,
           count(a.n)                                     AS attempts,
           coalesce(bool_or(a.n = 1 AND a.passed), false) AS first_attempt
    FROM tasks t
    LEFT JOIN task_attempts a ON a.task_id = t.id
    WHERE t.namespace = $1 AND t.batch_id = $2 AND t.status IN ('solved', 'unsolved', 'failed')
    GROUP BY t.id, t.epoch, t.item_id, t.frozen, t.status
), first_solved AS (
    SELECT item_id, min(epoch) FILTER (WHERE solved) AS epoch
    FROM per_task GROUP BY item_id
)
SELECT p.epoch, bool_and(p.frozen) AS frozen, count(*) AS tasks,
       count(*) FILTER (WHERE p.solved) AS solved,
       avg(p.attempts)::float8 AS mean_attempts,
       count(*) FILTER (WHERE p.first_attempt) AS first_attempt,
       count(*) FILTER (WHERE f.epoch <= p.epoch) AS solved_so_far,
       count(*) FILTER (WHERE p.failed) AS failed,
       array_agg(p.id ORDER BY p.item_id) AS task_ids
FROM per_task p JOIN first_solved f USING (item_id)
GROUP BY p.epoch ORDER BY p.epoch

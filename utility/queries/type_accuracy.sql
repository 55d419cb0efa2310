-- What a memory of a task type is compared with: the learner's accuracy on
-- the task type without memory, as the memory switch last measured it on
-- validation items; before any measurement, the share of the task type's
-- rewarded answers that were right. NULL when neither exists.
SELECT coalesce(
         (SELECT s.without_memory FROM memory_switches s WHERE s.namespace = $1 AND s.task_type = $2),
         (SELECT 1 - t.n_fail::double precision / t.n_seen FROM task_type_stats t
           WHERE t.namespace = $1 AND t.task_type = $2 AND t.n_seen > 0))

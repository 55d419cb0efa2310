-- Moves the staged chunk into experiences; ids already there (an earlier run
-- of the same file) are skipped. Returns the ids it inserted. Rows go in id
-- order, so two writers whose chunks share ids lock them in the same order
-- and wait for each other instead of deadlocking.
INSERT INTO experiences (id, namespace, task_type, outcome, failure_kind, status, record, quality, confidence,
                         signature, supersedes, created_at, updated_at)
SELECT id, namespace, task_type, outcome, failure_kind, status, record, quality, confidence,
       signature, supersedes, created_at, created_at
FROM import_stage
ORDER BY id
ON CONFLICT (id) DO NOTHING
RETURNING id

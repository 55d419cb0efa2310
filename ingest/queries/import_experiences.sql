-- Moves the staged chunk into experiences; ids already there (an earlier run
-- of the same file) are skipped. Returns the ids it inserted.
INSERT INTO experiences (id, namespace, task_type, outcome, failure_kind, status, record, quality, confidence,
                         signature, supersedes, created_at, updated_at)
SELECT id, namespace, task_type, outcome, failure_kind, status, record, quality, confidence,
       signature, supersedes, created_at, created_at
FROM import_stage
ON CONFLICT (id) DO NOTHING
RETURNING id

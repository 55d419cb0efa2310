-- +goose Up
-- Background work is bounded per API key and per tenant (runs.Admit): the
-- active (queued or running) evolution runs, epoch runs and tasks one key
-- started, across namespaces, and those in one tenant's namespaces. A
-- namespace's tenant is the key that created it through the API
-- (created_by); a namespace no key created (the CLI's, or one never
-- created) is a tenant of its own. NULL key_id: a run the CLI started, a
-- task an epoch run started, or a run from before this migration.
ALTER TABLE namespaces ADD COLUMN created_by uuid;
CREATE INDEX namespaces_created_by ON namespaces (created_by) WHERE created_by IS NOT NULL;

ALTER TABLE evolution_runs ADD COLUMN key_id uuid;
ALTER TABLE prgii_runs ADD COLUMN key_id uuid;
ALTER TABLE prgii_tasks ADD COLUMN key_id uuid;
CREATE INDEX evolution_runs_key_active ON evolution_runs (key_id)
WHERE key_id IS NOT NULL AND status IN ('queued', 'running');
CREATE INDEX prgii_runs_key_active ON prgii_runs (key_id)
WHERE key_id IS NOT NULL AND status IN ('queued', 'running');
CREATE INDEX prgii_tasks_key_active ON prgii_tasks (key_id)
WHERE key_id IS NOT NULL AND status IN ('queued', 'running');
-- A tenant's count reads its namespaces' active tasks (the runs' have
-- their one-active indexes already).
CREATE INDEX prgii_tasks_active ON prgii_tasks (namespace)
WHERE batch_id IS NULL AND status IN ('queued', 'running');

-- +goose Down
DROP INDEX prgii_tasks_active;
DROP INDEX prgii_tasks_key_active;
DROP INDEX prgii_runs_key_active;
DROP INDEX evolution_runs_key_active;
ALTER TABLE prgii_tasks DROP COLUMN key_id;
ALTER TABLE prgii_runs DROP COLUMN key_id;
ALTER TABLE evolution_runs DROP COLUMN key_id;
DROP INDEX namespaces_created_by;
ALTER TABLE namespaces DROP COLUMN created_by;

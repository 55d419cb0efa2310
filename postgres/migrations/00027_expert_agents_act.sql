-- +goose Up
-- Expert agents act: an agent carries the task type it serves, whether it
-- is validated (its tools validated and, for an agent evolution wrote, its
-- trial on training items passed) and that trial; an answer names the
-- agent that gave it.
ALTER TABLE expert_agents
    ADD COLUMN task_type text NOT NULL DEFAULT '',
    ADD COLUMN validated boolean NOT NULL DEFAULT true,
    ADD COLUMN trial     jsonb;
UPDATE expert_agents a SET validated = e.validated
  FROM asset_embeddings e WHERE e.id = a.id AND e.kind = 'expert_agent';
ALTER TABLE answers ADD COLUMN agent jsonb;

-- +goose Down
ALTER TABLE answers DROP COLUMN agent;
ALTER TABLE expert_agents DROP COLUMN trial, DROP COLUMN validated, DROP COLUMN task_type;

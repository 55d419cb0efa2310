-- +goose Up
-- Projection jobs carry the experiences of one accepted request
-- (ingest.ProjectArgs.experience_ids) instead of one experience each.
-- Jobs still waiting in the queue from before are rewritten to the list
-- form, so an upgrade loses none of them.
UPDATE river_job
   SET args = (args - 'experience_id') || jsonb_build_object('experience_ids', jsonb_build_array(args->'experience_id'))
 WHERE kind = 'evokg_ingest_project'
   AND args ? 'experience_id'
   AND state NOT IN ('completed', 'cancelled', 'discarded');

-- +goose Down
UPDATE river_job
   SET args = (args - 'experience_ids') || jsonb_build_object('experience_id', args->'experience_ids'->0)
 WHERE kind = 'evokg_ingest_project'
   AND jsonb_array_length(args->'experience_ids') = 1
   AND state NOT IN ('completed', 'cancelled', 'discarded');

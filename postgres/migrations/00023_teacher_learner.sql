-- +goose Up
-- The model roles are named teacher and learner everywhere (they were the
-- guidance and execution layers); the teacher's experience-evaluation role
-- is the evaluator.
ALTER TABLE llm_calls DROP CONSTRAINT llm_calls_layer_check;
UPDATE llm_calls SET layer = CASE layer WHEN 'guidance' THEN 'teacher' WHEN 'execution' THEN 'learner' ELSE layer END
WHERE layer IN ('guidance', 'execution');
UPDATE llm_calls SET role = 'evaluator' WHERE role = 'teacher';
ALTER TABLE llm_calls ADD CONSTRAINT llm_calls_layer_check CHECK (layer IN ('teacher', 'learner', 'embedding'));

-- +goose Down
ALTER TABLE llm_calls DROP CONSTRAINT llm_calls_layer_check;
UPDATE llm_calls SET role = 'teacher' WHERE role = 'evaluator';
UPDATE llm_calls SET layer = CASE layer WHEN 'teacher' THEN 'guidance' WHEN 'learner' THEN 'execution' ELSE layer END
WHERE layer IN ('teacher', 'learner');
ALTER TABLE llm_calls ADD CONSTRAINT llm_calls_layer_check CHECK (layer IN ('guidance', 'execution', 'embedding'));

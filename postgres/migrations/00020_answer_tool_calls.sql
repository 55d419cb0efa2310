-- +goose Up
-- The tools the learner called for an answer (the tool_call arm's ReAct
-- loop): per call its round, tool, input and output or error. NULL when it
-- called none.
ALTER TABLE answers ADD COLUMN tool_calls jsonb;

-- +goose Down
ALTER TABLE answers DROP COLUMN tool_calls;

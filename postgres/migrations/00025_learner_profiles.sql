-- +goose Up
-- Learner profiles (package profile): how each namespace's learner model is
-- given memory and asked to answer, and the calibration on validation items
-- that chose it. A namespace and model without a row use the default.
CREATE TABLE learner_profiles (
    namespace   text NOT NULL,
    model       text NOT NULL,
    profile     jsonb NOT NULL,
    calibration jsonb,
    updated_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, model)
);

-- +goose Down
DROP TABLE learner_profiles;

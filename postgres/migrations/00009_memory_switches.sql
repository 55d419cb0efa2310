-- +goose Up
-- The per-task-type memory switch (package memswitch): a task type whose
-- held-out accuracy with memory fell below the memory-off baseline by more
-- than delta is answered without its memories until a later evaluation with
-- memory beats the baseline. Memories themselves are never touched.
CREATE TABLE memory_switches (
    namespace      text NOT NULL,
    task_type      text NOT NULL,
    off            boolean NOT NULL,
    with_memory    double precision NOT NULL,
    without_memory double precision NOT NULL,
    delta          double precision NOT NULL,
    run_id         uuid NOT NULL,
    iteration      int NOT NULL,
    changed_at     timestamptz NOT NULL DEFAULT now(),
    updated_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (namespace, task_type)
);

-- +goose Down
DROP TABLE memory_switches;

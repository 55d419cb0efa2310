-- +goose Up
-- The task tables take the words the code uses: a task and its attempts,
-- and the epoch runs that send a pool through tasks. Rows, indexes and
-- constraints keep their contents; only their names change.
ALTER TABLE prgii_tasks RENAME TO tasks;
ALTER TABLE prgii_attempts RENAME TO task_attempts;
ALTER TABLE prgii_runs RENAME TO epoch_runs;

ALTER TABLE tasks RENAME CONSTRAINT prgii_tasks_pkey TO tasks_pkey;
ALTER TABLE tasks RENAME CONSTRAINT prgii_tasks_status_check TO tasks_status_check;
ALTER TABLE tasks RENAME CONSTRAINT prgii_tasks_max_iterations_check TO tasks_max_iterations_check;
ALTER TABLE task_attempts RENAME CONSTRAINT prgii_attempts_pkey TO task_attempts_pkey;
ALTER TABLE task_attempts RENAME CONSTRAINT prgii_attempts_task_id_fkey TO task_attempts_task_id_fkey;
ALTER TABLE task_attempts RENAME CONSTRAINT prgii_attempts_n_check TO task_attempts_n_check;
ALTER TABLE epoch_runs RENAME CONSTRAINT prgii_runs_pkey TO epoch_runs_pkey;
ALTER TABLE epoch_runs RENAME CONSTRAINT prgii_runs_status_check TO epoch_runs_status_check;

ALTER INDEX prgii_tasks_ns RENAME TO tasks_ns;
ALTER INDEX prgii_tasks_batch RENAME TO tasks_batch;
ALTER INDEX prgii_tasks_batch_item RENAME TO tasks_batch_item;
ALTER INDEX prgii_tasks_key_active RENAME TO tasks_key_active;
ALTER INDEX prgii_tasks_active RENAME TO tasks_active;
ALTER INDEX prgii_runs_ns RENAME TO epoch_runs_ns;
ALTER INDEX prgii_runs_one_active RENAME TO epoch_runs_one_active;
ALTER INDEX prgii_runs_idempotency RENAME TO epoch_runs_idempotency;
ALTER INDEX prgii_runs_key_active RENAME TO epoch_runs_key_active;

-- +goose Down
ALTER INDEX epoch_runs_key_active RENAME TO prgii_runs_key_active;
ALTER INDEX epoch_runs_idempotency RENAME TO prgii_runs_idempotency;
ALTER INDEX epoch_runs_one_active RENAME TO prgii_runs_one_active;
ALTER INDEX epoch_runs_ns RENAME TO prgii_runs_ns;
ALTER INDEX tasks_active RENAME TO prgii_tasks_active;
ALTER INDEX tasks_key_active RENAME TO prgii_tasks_key_active;
ALTER INDEX tasks_batch_item RENAME TO prgii_tasks_batch_item;
ALTER INDEX tasks_batch RENAME TO prgii_tasks_batch;
ALTER INDEX tasks_ns RENAME TO prgii_tasks_ns;

ALTER TABLE epoch_runs RENAME CONSTRAINT epoch_runs_status_check TO prgii_runs_status_check;
ALTER TABLE epoch_runs RENAME CONSTRAINT epoch_runs_pkey TO prgii_runs_pkey;
ALTER TABLE task_attempts RENAME CONSTRAINT task_attempts_n_check TO prgii_attempts_n_check;
ALTER TABLE task_attempts RENAME CONSTRAINT task_attempts_task_id_fkey TO prgii_attempts_task_id_fkey;
ALTER TABLE task_attempts RENAME CONSTRAINT task_attempts_pkey TO prgii_attempts_pkey;
ALTER TABLE tasks RENAME CONSTRAINT tasks_max_iterations_check TO prgii_tasks_max_iterations_check;
ALTER TABLE tasks RENAME CONSTRAINT tasks_status_check TO prgii_tasks_status_check;
ALTER TABLE tasks RENAME CONSTRAINT tasks_pkey TO prgii_tasks_pkey;

ALTER TABLE epoch_runs RENAME TO prgii_runs;
ALTER TABLE task_attempts RENAME TO prgii_attempts;
ALTER TABLE tasks RENAME TO prgii_tasks;

-- The staging table of `evokg import`, private to the importing session:
-- each chunk of lines is copied here, then moved into the stores by the
-- import_* statements.
CREATE TEMPORARY TABLE IF NOT EXISTS import_stage (
    id           uuid NOT NULL,
    namespace    text NOT NULL,
    task_type    text NOT NULL,
    outcome      text NOT NULL,
    failure_kind text,
    status       text NOT NULL,
    record       jsonb NOT NULL,
    quality      double precision NOT NULL,
    confidence   double precision NOT NULL,
    signature    text[] NOT NULL,
    supersedes   uuid,
    created_at   timestamptz NOT NULL,
    skill        text NOT NULL,
    channel      text NOT NULL,
    embedding    vector
)

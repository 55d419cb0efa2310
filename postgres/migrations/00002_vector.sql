-- +goose Up
-- Embedding indexes (pgvector). D comes from the session setting
-- evokg.embedding_dim, set by postgres.Open from configuration, and is checked
-- against the configured dimension at start (vector.CheckDimension).
--
-- success_index and failure_index are the two parallel channels (MAGE): every
-- experience whose Outcome.Channel() is failure goes to failure_index, the
-- others (success memories, recipes, patterns) to success_index; principles go
-- to principle_embeddings. Rows carry what retrieval filters and scores on, so
-- a memory pack joins experiences only for its final few items.
--
-- Layout, chosen by measurement (bench/retrieval.go):
--   * retrieval is always filtered by (namespace, task_type); a global HNSW
--     index under a 2% filter is slow and loses recall, so both channels are
--     HASH-partitioned on (namespace, task_type) into 16 partitions: a query
--     prunes to one partition, where its slice is a large share of the rows;
--   * searches are planned with their values (vector.Store sets
--     plan_cache_mode per call), so the planner scans a small slice exactly
--     through the (namespace, task_type, ...) btree and a large one through
--     the partition's HNSW index with pgvector 0.8 relaxed iterative scans
--     (ef_search 40);
--   * embeddings are kept inline (STORAGE PLAIN): 768 floats fit in a page,
--     and de-TOASTing each candidate dominated the naive design.
--   Measured at 100k memories, 50 task types: memory pack p50 ~2.2 ms,
--   p95 ~4.2 ms, recall@3 1.0 (PG15, shared_buffers 1GB, 2 shared cores).
-- +goose StatementBegin
DO $$
DECLARE
    d     int := current_setting('evokg.embedding_dim')::int;
    parts int := 16;
    ch    text;
    i     int;
BEGIN
    FOREACH ch IN ARRAY ARRAY['success_index', 'failure_index'] LOOP
        EXECUTE format($f$
            CREATE TABLE %I (
                id           uuid NOT NULL REFERENCES experiences (id) ON DELETE CASCADE,
                namespace    text NOT NULL,
                task_type    text NOT NULL,
                outcome      text NOT NULL,
                failure_kind text,
                quality      double precision NOT NULL,
                signature    text[] NOT NULL DEFAULT '{}',
                created_at   timestamptz NOT NULL,
                embedding    vector(%s) NOT NULL,
                PRIMARY KEY (namespace, task_type, id)
            ) PARTITION BY HASH (namespace, task_type)$f$, ch, d);
        EXECUTE format('ALTER TABLE %I ALTER COLUMN embedding SET STORAGE PLAIN', ch);
        FOR i IN 0 .. parts - 1 LOOP
            EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES WITH (MODULUS %s, REMAINDER %s)',
                           ch || '_p' || i, ch, parts, i);
        END LOOP;
        EXECUTE format('CREATE INDEX %I ON %I (namespace, task_type, outcome, failure_kind)',
                       ch || '_slice', ch);
        -- The ON DELETE CASCADE from experiences looks rows up by id alone.
        EXECUTE format('CREATE INDEX %I ON %I (id)', ch || '_id', ch);
        EXECUTE format('CREATE INDEX %I ON %I USING hnsw (embedding vector_cosine_ops) WITH (m = 16, ef_construction = 64)',
                       ch || '_hnsw', ch);
    END LOOP;

    -- Principles (Outcome principle), retrieved per task type by the cascade.
    EXECUTE format($f$
        CREATE TABLE principle_embeddings (
            id         uuid PRIMARY KEY REFERENCES experiences (id) ON DELETE CASCADE,
            namespace  text NOT NULL,
            task_type  text NOT NULL,
            skill      text NOT NULL DEFAULT '',
            quality    double precision NOT NULL,
            created_at timestamptz NOT NULL,
            embedding  vector(%s) NOT NULL
        )$f$, d);
    ALTER TABLE principle_embeddings ALTER COLUMN embedding SET STORAGE PLAIN;
    CREATE INDEX principle_embeddings_slice ON principle_embeddings (namespace, task_type);
    CREATE INDEX principle_embeddings_hnsw ON principle_embeddings
        USING hnsw (embedding vector_cosine_ops);

    -- Asset memory (Mem2Evolve): tools and expert agents, recruited by similarity.
    EXECUTE format($f$
        CREATE TABLE asset_embeddings (
            namespace   text NOT NULL,
            id          uuid NOT NULL,
            kind        text NOT NULL CHECK (kind IN ('tool', 'expert_agent')),
            name        text NOT NULL,
            description text NOT NULL DEFAULT '',
            validated   boolean NOT NULL DEFAULT false,
            created_at  timestamptz NOT NULL DEFAULT now(),
            updated_at  timestamptz NOT NULL DEFAULT now(),
            embedding   vector(%s) NOT NULL,
            PRIMARY KEY (namespace, id)
        )$f$, d);
    ALTER TABLE asset_embeddings ALTER COLUMN embedding SET STORAGE PLAIN;
    CREATE INDEX asset_embeddings_hnsw ON asset_embeddings
        USING hnsw (embedding vector_cosine_ops);
END $$;
-- +goose StatementEnd

-- +goose Down
DROP TABLE asset_embeddings;
DROP TABLE principle_embeddings;
DROP TABLE failure_index;
DROP TABLE success_index;

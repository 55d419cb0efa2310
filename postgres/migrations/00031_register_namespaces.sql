-- +goose Up
-- A request to a namespace that does not exist is a 404. Before, any write
-- reached any name, so data may sit in namespaces never created with
-- POST /v1/namespaces: each name found in a table's namespace column is
-- registered here, so an upgrade leaves every namespace that holds data
-- reachable.
-- +goose StatementBegin
DO $$
DECLARE t text;
BEGIN
    FOR t IN SELECT c.table_name FROM information_schema.columns c
               JOIN information_schema.tables b USING (table_schema, table_name)
              WHERE c.table_schema = current_schema() AND c.column_name = 'namespace'
                AND b.table_type = 'BASE TABLE' AND c.table_name <> 'namespaces'
    LOOP
        EXECUTE format('INSERT INTO namespaces (name, description) SELECT DISTINCT namespace, %L FROM %I
                        WHERE namespace IS NOT NULL ON CONFLICT (name) DO NOTHING',
                       'registered at upgrade: it held data', t);
    END LOOP;
END $$;
-- +goose StatementEnd

-- +goose Down
DELETE FROM namespaces WHERE description = 'registered at upgrade: it held data';

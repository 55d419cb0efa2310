-- +goose Up
-- The lexical channel (retrieval strategy "lexical", and part of
-- hybrid_graph): Postgres full-text search over what a memory says, for the
-- exact numbers, names and identifiers an embedding blurs. The 'english'
-- configuration drops stop words and stems words; numbers and identifiers
-- stay as written. vector/queries/search_lexical.sql scores the matches.
ALTER TABLE experiences ADD COLUMN lexemes tsvector GENERATED ALWAYS AS (
    to_tsvector('english'::regconfig,
        coalesce(record->>'question', '') || ' ' || coalesce(record->>'content', '') || ' ' ||
        coalesce(record->>'expression', '') || ' ' || coalesce(record->>'answer', ''))) STORED;

-- +goose Down
ALTER TABLE experiences DROP COLUMN lexemes;

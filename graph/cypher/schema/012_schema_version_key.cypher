CREATE CONSTRAINT schema_version_key IF NOT EXISTS FOR (n:SchemaVersion) REQUIRE n.name IS UNIQUE

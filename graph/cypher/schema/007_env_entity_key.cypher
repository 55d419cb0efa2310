CREATE CONSTRAINT env_entity_key IF NOT EXISTS FOR (n:EnvEntity) REQUIRE (n.namespace, n.name) IS UNIQUE

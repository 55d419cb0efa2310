CREATE CONSTRAINT world_entity_key IF NOT EXISTS FOR (n:WorldEntity) REQUIRE (n.namespace, n.name) IS UNIQUE

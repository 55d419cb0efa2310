CREATE CONSTRAINT experience_key IF NOT EXISTS FOR (n:Experience) REQUIRE (n.namespace, n.id) IS UNIQUE

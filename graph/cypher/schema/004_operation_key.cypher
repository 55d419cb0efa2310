CREATE CONSTRAINT operation_key IF NOT EXISTS FOR (n:Operation) REQUIRE (n.namespace, n.name) IS UNIQUE

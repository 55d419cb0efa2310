CREATE CONSTRAINT attempt_key IF NOT EXISTS FOR (n:Attempt) REQUIRE (n.namespace, n.id) IS UNIQUE

CREATE CONSTRAINT observation_key IF NOT EXISTS FOR (n:Observation) REQUIRE (n.namespace, n.id) IS UNIQUE

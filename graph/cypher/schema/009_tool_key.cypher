CREATE CONSTRAINT tool_key IF NOT EXISTS FOR (n:Tool) REQUIRE (n.namespace, n.id) IS UNIQUE

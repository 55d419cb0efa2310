CREATE CONSTRAINT tool_version_key IF NOT EXISTS FOR (n:Tool) REQUIRE (n.namespace, n.name, n.version) IS UNIQUE

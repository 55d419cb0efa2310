CREATE CONSTRAINT task_key IF NOT EXISTS FOR (n:Task) REQUIRE (n.namespace, n.id) IS UNIQUE

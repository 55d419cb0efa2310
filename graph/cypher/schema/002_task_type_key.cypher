CREATE CONSTRAINT task_type_key IF NOT EXISTS FOR (n:TaskType) REQUIRE (n.namespace, n.name) IS UNIQUE

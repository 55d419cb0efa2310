CREATE CONSTRAINT sub_task_key IF NOT EXISTS FOR (n:SubTask) REQUIRE (n.namespace, n.id) IS UNIQUE

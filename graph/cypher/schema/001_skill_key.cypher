CREATE CONSTRAINT skill_key IF NOT EXISTS FOR (n:Skill) REQUIRE (n.namespace, n.name) IS UNIQUE

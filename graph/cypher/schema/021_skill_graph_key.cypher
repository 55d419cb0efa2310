CREATE CONSTRAINT skill_graph_key IF NOT EXISTS FOR (n:SkillGraph) REQUIRE n.namespace IS UNIQUE

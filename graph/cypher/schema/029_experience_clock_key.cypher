CREATE CONSTRAINT experience_clock_key IF NOT EXISTS FOR (c:ExperienceClock) REQUIRE c.namespace IS UNIQUE

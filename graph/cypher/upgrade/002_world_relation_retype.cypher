// The relations between the world's entities were :ENV_RELATION before:
// a relationship's type cannot change, so each is written again as
// :WORLD_RELATION with its properties and the old one deleted.
MATCH (a)-[old:ENV_RELATION]->(b)
CREATE (a)-[new:WORLD_RELATION]->(b)
SET new = properties(old)
DELETE old

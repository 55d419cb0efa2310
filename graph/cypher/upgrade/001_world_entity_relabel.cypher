// The world's entities were labelled :EnvEntity before: relabel any left
// (a no-op once done, so safe at every start).
MATCH (n:EnvEntity)
SET n:WorldEntity
REMOVE n:EnvEntity

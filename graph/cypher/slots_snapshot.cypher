// The mutable slots of every skill (what the Delta-Guard captures).
MATCH (s:Skill {namespace: $namespace})
RETURN s.name AS name, s.mastery AS mastery, s.prompt_template AS prompt_template,
       s.strategy AS strategy, s.status AS status
ORDER BY name

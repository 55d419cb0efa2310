// Creates a skill unless the namespace already holds $max_skills of them.
// Returns no row when the cap is reached; a duplicate name violates skill_key.
// The namespace's :SkillGraph node is write-locked first, so concurrent
// writers of one skill graph take turns and the cap and the cycle check
// see each other's writes.
MERGE (lock:SkillGraph {namespace: $namespace})
SET lock.writes = coalesce(lock.writes, 0) + 1
WITH lock
OPTIONAL MATCH (x:Skill {namespace: $namespace})
WITH count(x) AS n
WHERE n < $max_skills
CREATE (s:Skill {
  id: $id, namespace: $namespace, name: $name, description: $description,
  mastery: $mastery, prompt_template: $prompt_template, strategy: $strategy,
  status: $status, created_at: datetime(), updated_at: datetime()
})
RETURN s {.*} AS skill

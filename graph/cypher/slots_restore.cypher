// Restores skills' mutable slots; touches :Skill nodes only.
UNWIND $slots AS slot
MATCH (s:Skill {namespace: $namespace, name: slot.name})
USING INDEX s:Skill(namespace, name)
SET s.mastery = slot.mastery, s.prompt_template = slot.prompt_template,
    s.strategy = slot.strategy, s.status = slot.status, s.updated_at = datetime()
RETURN count(s) AS restored

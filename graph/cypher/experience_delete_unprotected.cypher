// Deletes the given experiences unless they are protected memories
// (principles, failure and success memories are append-only).
UNWIND $ids AS id
MATCH (e:Experience {namespace: $namespace, id: id})
USING INDEX e:Experience(namespace, id)
WHERE NOT (e:Principle OR e:FailureMemory OR e:SuccessMemory)
DETACH DELETE e
RETURN count(*) AS deleted

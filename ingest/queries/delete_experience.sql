-- Deletes one experience (its index rows follow by ON DELETE CASCADE).
-- The protection trigger refuses protected memories.
DELETE FROM experiences WHERE namespace = $1 AND id = $2

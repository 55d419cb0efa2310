-- How many of the ids are experiences of the namespace. $1 namespace, $2 ids.
SELECT count(*) FROM experiences WHERE namespace = $1 AND id = ANY($2)

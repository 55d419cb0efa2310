-- Records that the experiences of a batch are projected into the graph.
UPDATE experiences
SET status = 'committed', status_reason = '', projected_at = now(), updated_at = now()
WHERE namespace = $1 AND id = ANY ($2::uuid[]) AND status IN ('queued', 'committed', 'failed')

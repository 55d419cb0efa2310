SELECT count(*) FROM (
    SELECT 1
    FROM bandit_arms
    WHERE namespace = $1
    ORDER BY kind, context, arm
    FOR UPDATE
) locked

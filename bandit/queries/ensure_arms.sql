INSERT INTO bandit_arms (namespace, kind, context, arm, position, alpha, beta)
SELECT $1, $2, $3, a.arm, a.pos::int - 1, $5, $6
FROM unnest($4::text[]) WITH ORDINALITY AS a(arm, pos)
ON CONFLICT (namespace, kind, context, arm) DO NOTHING

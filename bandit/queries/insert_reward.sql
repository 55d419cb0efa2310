INSERT INTO answer_rewards (answer_id, namespace, reward)
VALUES ($2, $1, $3)
ON CONFLICT (answer_id) DO NOTHING
RETURNING answer_id

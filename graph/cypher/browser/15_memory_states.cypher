// Memories not served: quarantined (and why) and probationary, with the
// evidence of whether each helps the learner (package utility's mirror).
// Set :param state => 'quarantined' (or 'probationary').
MATCH (m:Experience {namespace: $namespace})
WHERE m.state = $state
RETURN m.id AS id, m.task_type AS task_type, labels(m) AS class, m.state_reason AS why,
       m.helped AS helped, m.hurt AS hurt, m.shown_right AS shown_right, m.shown_wrong AS shown_wrong,
       m.utility AS utility, coalesce(m.question, m.content) AS text
ORDER BY m.task_type, m.id
LIMIT 200

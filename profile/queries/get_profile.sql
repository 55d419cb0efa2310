SELECT namespace, model, profile, calibration, updated_at
FROM learner_profiles
WHERE namespace = $1 AND model = $2

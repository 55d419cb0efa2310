INSERT INTO learner_profiles (namespace, model, profile, calibration)
VALUES ($1, $2, $3, $4)
ON CONFLICT (namespace, model) DO UPDATE
SET profile = excluded.profile,
    calibration = excluded.calibration,
    updated_at = now()
RETURNING namespace, model, profile, calibration, updated_at

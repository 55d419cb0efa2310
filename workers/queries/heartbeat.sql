-- Records that client $1 is alive.
INSERT INTO worker_heartbeats (client_id) VALUES ($1)
ON CONFLICT (client_id) DO UPDATE SET beat_at = now()

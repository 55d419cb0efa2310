-- Creates the imported namespace when neither it nor the stream had its row.
INSERT INTO namespaces (name) VALUES ($1)
ON CONFLICT (name) DO NOTHING

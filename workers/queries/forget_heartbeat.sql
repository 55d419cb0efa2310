-- Client $1 stopped cleanly: its jobs finished or went back to the queue.
DELETE FROM worker_heartbeats WHERE client_id = $1

SELECT off FROM memory_switches WHERE namespace = $1 AND task_type = $2 FOR UPDATE

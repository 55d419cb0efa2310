#!/usr/bin/env bash
# Stops the servers scripts/models/start.sh started (by their pid files).
set -euo pipefail
models="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)/.stack/models"
for name in chat embed; do
	pidfile="$models/$name.pid"
	[[ -f "$pidfile" ]] || continue
	pid="$(cat "$pidfile")"
	if kill -0 "$pid" 2>/dev/null; then
		kill -TERM "$pid"
		for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
		kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
		echo "models: stopped $name (pid $pid)"
	fi
	rm -f "$pidfile"
done

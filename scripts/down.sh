#!/usr/bin/env bash
# `make down`: stop what `make up` started (API, worker, fake model server,
# and the databases if `make up` started them).
set -uo pipefail
cd "$(dirname "$0")/.."
STACK_DIR="${EVOKG_STACK_DIR:-$PWD/.stack}"
PIDS="$STACK_DIR/up.pids"
[ -f "$PIDS" ] || { echo "nothing started by make up"; exit 0; }
while read -r name pid; do
  [ -n "${pid:-}" ] || continue
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -KILL "$pid" 2>/dev/null || true
    echo "stopped $name"
  fi
done < "$PIDS"
if grep -qx stack "$PIDS"; then scripts/stack/stack.sh stop; fi
rm -f "$PIDS"

#!/usr/bin/env bash
# `make down`: stop what `make up` started (API, worker, the model servers
# of the real small model lane or the fake one, and the databases if
# `make up` started them). A model server or database that already ran
# before `make up` is left running.
#
# While `make up` runs, it is asked to stop (SIGTERM, as Ctrl-C would) and
# this waits until it has. `make up` itself runs this script last, and when
# it was killed this stops what it left behind.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
STACK_DIR="${EVOKG_STACK_DIR:-$PWD/.stack}"
PIDS="$STACK_DIR/up.pids"
RUN="$STACK_DIR/run"
GRACE=45
[ -f "$PIDS" ] || { echo "nothing started by make up"; exit 0; }

# running PID: the process exists and is not a zombie.
running() { local s; s="$(ps -o stat= -p "$1" 2>/dev/null)" && [ -n "$s" ] && [ "${s#Z}" = "$s" ]; }

# wait_gone SECONDS PID...: true once none of PIDs runs.
wait_gone() {
  local deadline=$((SECONDS + $1)) pid; shift
  for pid in "$@"; do
    while running "$pid"; do [ $SECONDS -ge $deadline ] && return 1; sleep 0.2; done
  done
}

up_pid="$(awk '$1=="up"{print $2}' "$PIDS")"
if [ -n "$up_pid" ] && [ "$up_pid" != "$PPID" ] && running "$up_pid"; then
  kill -TERM "$up_pid"
  deadline=$((SECONDS + GRACE + 15))
  while [ -f "$PIDS" ] && running "$up_pid" && [ $SECONDS -lt $deadline ]; do sleep 0.2; done
  [ -f "$PIDS" ] || exit 0
fi

# make up's last step, or make up is gone: stop its supervisors (each stops
# its process), then anything still running, then the databases.
mkdir -p "$RUN" && touch "$RUN/stopping"
# stop_supervisors models|others stops the supervisors of the model
# servers, or of the other processes, and waits until they are gone.
stop_supervisors() {
  local kind name pid stopping=()
  while read -r kind name pid; do
    [ "$kind" = supervisor ] && running "$pid" || continue
    case "$name" in model-*) [ "$1" = models ] ;; *) [ "$1" = others ] ;; esac || continue
    kill -TERM "$pid" && stopping+=("$pid") && echo "stopping $name"
  done < "$PIDS"
  wait_gone $((GRACE + 5)) "${stopping[@]}"
}
# The model servers last, once serve and worker have finished their calls.
stop_supervisors others
stop_supervisors models
for f in "$RUN"/*.pid; do
  [ -f "$f" ] || continue
  pid="$(cat "$f")"; name="$(basename "$f" .pid)"
  if running "$pid"; then
    kill -TERM "$pid"
    wait_gone "$GRACE" "$pid" || kill -KILL "$pid" 2>/dev/null
    echo "stopped $name"
  fi
done
if grep -qx stack "$PIDS"; then scripts/stack/stack.sh stop; fi
rm -rf "$RUN" "$PIDS"

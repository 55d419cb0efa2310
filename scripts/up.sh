#!/usr/bin/env bash
# `make up`: start the stack, migrate, run `evokg serve` and `evokg worker`
# under supervision, print the URLs and a development API key. A crashed
# serve or worker is restarted with backoff; Ctrl-C, or `make down` from
# another shell, stops everything this script started.
#
#   EVOKG_FAKE_OLLAMA=1  also runs the scripted model server (no real Ollama).
#   EVOKG_STACK_DIR      holds the pids, the logs and the key (default .stack).
#   EVOKG_UP_STACK=0     neither starts nor stops the local databases: uses
#                        those the EVOKG_* variables point at (evokg's
#                        defaults when unset) instead of $EVOKG_STACK_DIR/env.
#   EVOKG_BIN            the evokg binary (default bin/evokg).
set -euo pipefail
cd "$(dirname "$0")/.."
STACK_DIR="${EVOKG_STACK_DIR:-$PWD/.stack}"
BIN="${EVOKG_BIN:-bin/evokg}"
PIDS="$STACK_DIR/up.pids"
RUN="$STACK_DIR/run"
LOGS="$STACK_DIR/logs"
GRACE=45 # seconds a process gets to stop before SIGKILL (the worker's own grace is 30 s)

say() { printf '[up] %s %s\n' "$(date +%T)" "$*" >&2; }
note() { local log=$1; shift; say "$@"; say "$@" 2>>"$log"; } # LOG MSG: on the terminal and in LOG

# A running make up, or the supervisors of one that was killed, own the
# pid files and the ports: `make down` stops them first.
if [ -f "$PIDS" ]; then
  for pid in $(awk '$1=="up"{print $2} $1=="supervisor"{print $3}' "$PIDS"); do
    if kill -0 "$pid" 2>/dev/null; then
      say "make up is already running (pid $pid, see $PIDS); \`make down\` stops it"
      exit 1
    fi
  done
fi
mkdir -p "$LOGS" "$RUN"
rm -f "$RUN"/*

stack_was_up=1
if [ "${EVOKG_UP_STACK:-1}" != 0 ]; then
  scripts/stack/stack.sh status >/dev/null 2>&1 || stack_was_up=0
  scripts/stack/stack.sh start
  # shellcheck disable=SC1091
  source "$STACK_DIR/env"
fi
export EVOKG_ADDR="${EVOKG_ADDR:-127.0.0.1:8080}"
echo "up $$" > "$PIDS"
[ "$stack_was_up" = 0 ] && echo "stack" >> "$PIDS"

# Supervision. `make up` is a foreground session of three processes, so a
# loop here does what a process supervisor would: supervisord, runit or s6
# would each bring a daemon with its own configuration, control socket and
# log layout into a development command, for a policy that fits in a few
# lines. The policy is systemd's Restart=on-failure: a process that exits
# non-zero or is killed by a signal is restarted after 1 s, then 2, 4, … up
# to 30 s (back to 1 s once it has run for a minute); one that exits 0 was
# stopped on purpose and stays stopped. Each restart is announced here and
# in the process's log. On SIGTERM a supervisor stops its process (SIGTERM,
# then SIGKILL after $GRACE s) and exits; it never outlives that process.
supervise() { # NAME CMD...
  local name=$1; shift
  local log="$LOGS/$name.log" delay=1 restarts=0 child="" sleeper="" started status
  trap 'stop_child' TERM
  : > "$log"
  while [ ! -e "$RUN/stopping" ]; do
    started=$SECONDS
    # A session of its own: Ctrl-C reaches this script, which stops the
    # processes in order, and not the processes themselves.
    setsid "$@" >>"$log" 2>&1 </dev/null &
    child=$!
    echo "$child" > "$RUN/$name.pid"
    status=0; wait "$child" 2>/dev/null || status=$?
    child=""
    [ -e "$RUN/stopping" ] && break
    if [ "$status" = 0 ]; then
      note "$log" "$name exited with status 0: stopped on purpose, not restarted"
      break
    fi
    [ $((SECONDS - started)) -ge 60 ] && delay=1
    restarts=$((restarts + 1))
    note "$log" "$name exited with status $status$(signal_of "$status"); restart $restarts in ${delay}s"
    sleep "$delay" & sleeper=$!
    wait "$sleeper" || true
    sleeper=""
    delay=$((delay * 2 > 30 ? 30 : delay * 2))
  done
  rm -f "$RUN/$name.pid"
}

signal_of() { [ "$1" -gt 128 ] && printf ' (killed by SIG%s)' "$(kill -l $(($1 - 128)))"; return 0; }

# stop_child runs in a supervisor on SIGTERM (its variables are in scope).
# Bash reaps its children as they exit, so kill -0 fails once one is gone.
stop_child() {
  trap '' TERM
  [ -n "$sleeper" ] && kill "$sleeper" 2>/dev/null
  if [ -n "$child" ]; then
    kill -TERM "$child" 2>/dev/null
    local deadline=$((SECONDS + GRACE))
    while kill -0 "$child" 2>/dev/null; do
      if [ $SECONDS -ge $deadline ]; then
        say "$name did not stop within ${GRACE}s; killing it"
        kill -KILL "$child" 2>/dev/null
        break
      fi
      sleep 0.2
    done
  fi
  rm -f "$RUN/$name.pid"
  exit 0
}

start_supervised() { # NAME CMD...
  supervise "$@" &
  echo "supervisor $1 $!" >> "$PIDS"
}

cleanup() {
  trap '' INT TERM
  trap - EXIT
  touch "$RUN/stopping"
  say "stopping"
  local pid
  for pid in $(awk '$1=="supervisor"{print $3}' "$PIDS"); do kill -TERM "$pid" 2>/dev/null || true; done
  wait
  scripts/down.sh
  say "stopped"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "${EVOKG_FAKE_OLLAMA:-0}" = 1 ]; then
  export EVOKG_OLLAMA_URL="${EVOKG_OLLAMA_URL:-http://127.0.0.1:11434}"
  start_supervised fake-ollama "$BIN" fake-ollama --addr "${EVOKG_OLLAMA_URL#http://}"
fi

"$BIN" migrate up
KEY_FILE="$STACK_DIR/dev-api-key"
if [ ! -s "$KEY_FILE" ]; then
  "$BIN" keys create --name dev --scopes memory:read,memory:write,evolve,admin --namespaces '*' | tail -n1 > "$KEY_FILE"
fi

start_supervised serve "$BIN" serve --no-migrate
start_supervised worker "$BIN" worker

deadline=$((SECONDS + 120))
until curl -fs -o /dev/null "http://$EVOKG_ADDR/readyz"; do
  if grep -q '\[up\] .* serve exited' "$LOGS/serve.log" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
    say "evokg serve did not become ready; last lines of $LOGS/serve.log:"
    tail -n 30 "$LOGS/serve.log" >&2
    exit 1
  fi
  sleep 0.5
done

cat <<MSG

  EvoKG is up.
    API            http://$EVOKG_ADDR   (OpenAPI: http://$EVOKG_ADDR/openapi.json)
    Readiness      http://$EVOKG_ADDR/readyz
    Neo4j Browser  ${EVOKG_NEO4J_BROWSER_URL:-http://127.0.0.1:7474/browser/}   (user neo4j, password ${EVOKG_NEO4J_PASSWORD:-evokg-local-neo4j})
    API key        $(cat "$KEY_FILE")   (also in $KEY_FILE)
    Logs           $LOGS/

  A crashed serve or worker is restarted (see the lines marked [up]).
  Ctrl-C or \`make down\` stops everything started here.
MSG
wait

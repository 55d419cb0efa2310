# Shared helpers for the native stack scripts. Sourced, not executed.
# Everything the stack writes lives under $STACK_DIR (default: <repo>/.stack).

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
STACK_DIR="${EVOKG_STACK_DIR:-$REPO_DIR/.stack}"

PG_PORT="${EVOKG_PG_PORT:-5432}"
PG_DB="${EVOKG_PG_DB:-evokg}"
PG_TEST_DB="${EVOKG_PG_TEST_DB:-evokg_test}"
PG_USER="${EVOKG_PG_USER:-evokg}"
PG_PASSWORD="${EVOKG_PG_PASSWORD:-evokg-local}"
PG_SHARED_BUFFERS="${EVOKG_PG_SHARED_BUFFERS:-1GB}"
PG_VERSION=15
PG_BIN="/usr/lib/postgresql/$PG_VERSION/bin"
PGVECTOR_MIN="0.8.0"

NEO4J_VERSION="${EVOKG_NEO4J_VERSION:-5.26.30}"
NEO4J_BOLT_PORT="${EVOKG_NEO4J_BOLT_PORT:-7687}"
NEO4J_HTTP_PORT="${EVOKG_NEO4J_HTTP_PORT:-7474}"
NEO4J_USER=neo4j
NEO4J_PASSWORD="${EVOKG_NEO4J_PASSWORD:-evokg-local-neo4j}"
NEO4J_HEAP="${EVOKG_NEO4J_HEAP:-1g}"
NEO4J_PAGECACHE="${EVOKG_NEO4J_PAGECACHE:-512m}"

READY_TIMEOUT="${EVOKG_READY_TIMEOUT:-180}"

log() { printf '[stack] %s\n' "$*" >&2; }
die() { printf '[stack] error: %s\n' "$*" >&2; exit 1; }

# service_main runs the command a service script (postgres.sh, neo4j.sh) was
# called with: each defines provision, start, stop and status.
service_main() {
  case "${1:-}" in
    provision | start | stop | status) "$1" ;;
    *) die "usage: $0 provision|start|stop|status" ;;
  esac
}

# wait_for NAME LOGFILE CMD...: probes CMD until it succeeds, the service
# process dies, or READY_TIMEOUT seconds pass. On failure prints the log tail.
wait_for() {
  local name=$1 logfile=$2 pidfile=$3; shift 3
  local deadline=$((SECONDS + READY_TIMEOUT))
  until "$@" >/dev/null 2>&1; do
    if [ -n "$pidfile" ] && ! pid_alive "$pidfile"; then
      log "$name exited during start-up; last lines of $logfile:"
      tail -n 40 "$logfile" >&2 || true
      return 1
    fi
    if [ $SECONDS -ge $deadline ]; then
      log "$name not ready after ${READY_TIMEOUT}s; last lines of $logfile:"
      tail -n 40 "$logfile" >&2 || true
      return 1
    fi
    sleep 0.5
  done
}

pid_alive() { [ -f "$1" ] && kill -0 "$(head -n1 "$1")" 2>/dev/null; }

need_apt_update() {
  if [ ! -f "$STACK_DIR/.apt-updated" ]; then
    apt-get update -q >&2 && mkdir -p "$STACK_DIR" && touch "$STACK_DIR/.apt-updated"
  fi
}

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

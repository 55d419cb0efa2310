#!/usr/bin/env bash
# Postgres 15 + pgvector, started natively on loopback for EvoKG.
# Usage: postgres.sh provision|start|stop|status
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

PG_HOME="$STACK_DIR/pg"
PG_LOG="$PG_HOME/postgres.log"

# Postgres refuses to run as root, so as root it runs as the "postgres" user.
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

pgvector_version() {
  local ctl
  ctl=/usr/share/postgresql/$PG_VERSION/extension/vector.control
  [ -f "$ctl" ] && sed -n "s/^default_version = '\(.*\)'/\1/p" "$ctl"
}

version_ge() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]; }

install_postgres() {
  [ -x "$PG_BIN/postgres" ] && return
  log "installing postgresql-$PG_VERSION"
  need_apt_update
  as_root apt-get install -y -q "postgresql-$PG_VERSION" >&2
}

# pgvector is not packaged for this Debian release; the next release's source
# package builds cleanly against postgresql-server-dev-15.
install_pgvector() {
  local have; have="$(pgvector_version || true)"
  if [ -n "$have" ] && version_ge "$have" "$PGVECTOR_MIN"; then return; fi
  log "building pgvector >= $PGVECTOR_MIN from the Debian source package"
  local src=/etc/apt/sources.list.d/evokg-pgvector-src.sources
  if [ ! -f "$src" ]; then
    as_root tee "$src" >/dev/null <<SRC
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
    rm -f "$STACK_DIR/.apt-updated"
  fi
  need_apt_update
  as_root apt-get install -y -q "postgresql-server-dev-$PG_VERSION" dpkg-dev >&2
  local build="$STACK_DIR/build/pgvector"
  rm -rf "$build" && mkdir -p "$build"
  (cd "$build" && apt-get source -q pgvector >&2 && cd pgvector-*/ && make -j2 >&2 && as_root make install >&2)
  have="$(pgvector_version)"
  version_ge "$have" "$PGVECTOR_MIN" || die "pgvector $have installed, need >= $PGVECTOR_MIN"
}

# The data directory must be reachable by the postgres user; when the checkout
# sits under a private folder it lives in /var/lib/evokg instead, linked here.
data_dir() {
  mkdir -p "$PG_HOME"
  if [ -e "$PG_HOME/data" ]; then echo "$PG_HOME/data"; return; fi
  if [ "$(id -u)" = 0 ] && ! runuser -u postgres -- test -x "$PG_HOME"; then
    local alt="/var/lib/evokg/$(printf '%s' "$PG_HOME" | sha1sum | cut -c1-12)"
    mkdir -p "$alt" && chown postgres: "$alt" && ln -sfn "$alt" "$PG_HOME/data"
  else
    mkdir -p "$PG_HOME/data"
    [ "$(id -u)" = 0 ] && chown postgres: "$PG_HOME/data"
  fi
  echo "$PG_HOME/data"
}

provision() { install_postgres; install_pgvector; }

init_cluster() {
  local data=$1
  [ -f "$data/PG_VERSION" ] && return
  log "initialising a Postgres cluster in $data"
  chmod 700 "$data"
  run_pg "$PG_BIN/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$PG_HOME/initdb.log" 2>&1 || { tail -n 20 "$PG_HOME/initdb.log" >&2; exit 1; }
  cat >> "$data/postgresql.conf" <<CONF
# EvoKG local stack
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '/tmp'
max_connections = 200
shared_buffers = $PG_SHARED_BUFFERS
effective_cache_size = 4GB
maintenance_work_mem = 1GB
work_mem = 16MB
max_parallel_maintenance_workers = 2
random_page_cost = 1.1
shared_preload_libraries = 'pg_stat_statements'
pg_stat_statements.track = all
pg_stat_statements.track_planning = on
CONF
  # Loopback only; passwords required over TCP, trust only on the local socket.
  cat > "$data/pg_hba.conf" <<HBA
local all all trust
host  all all 127.0.0.1/32 scram-sha-256
HBA
}

is_ready() { "$PG_BIN/pg_isready" -q -h 127.0.0.1 -p "$PG_PORT"; }

psql_super() { run_pg "$PG_BIN/psql" -h /tmp -p "$PG_PORT" -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }

# bootstrap_db creates the role, the platform's database and the tests'
# database (PG_TEST_DB), each with pgvector. Tests get a database of their
# own so they never share a job queue, a lock or a row with a running
# `make up` stack.
bootstrap_db() {
  psql_super -d postgres -v user="$PG_USER" -v pw="$PG_PASSWORD" >&2 <<'SQL'
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'user', :'pw')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'user') \gexec
SELECT format('ALTER ROLE %I PASSWORD %L', :'user', :'pw') \gexec
SQL
  local db
  for db in "$PG_DB" "$PG_TEST_DB"; do
    psql_super -d postgres -v user="$PG_USER" -v db="$db" >&2 <<'SQL'
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'user')
 WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = :'db') \gexec
SQL
    # pgvector needs a superuser to be created; the role then owns its schema.
    psql_super -d "$db" -c 'CREATE EXTENSION IF NOT EXISTS vector' >&2
    psql_super -d "$db" -c "ALTER EXTENSION vector UPDATE" >&2
    # Per-statement CPU figures for `evokg bench` (see README "Performance").
    psql_super -d "$db" -c 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements' >&2
    psql_super -d "$db" -c "GRANT pg_read_all_stats TO \"$PG_USER\"" >&2
  done
  preload_stat_statements
}

# preload_stat_statements makes a cluster created before pg_stat_statements
# joined the configuration load it at its next start; a running cluster is
# left running (its statistics appear after a restart).
preload_stat_statements() {
  local libs; libs="$(psql_super -d postgres -c 'SHOW shared_preload_libraries')"
  case "$libs" in *pg_stat_statements*) return ;; esac
  psql_super -d postgres -c "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'" >&2
  log "postgres: pg_stat_statements is loaded from the next restart"
}

start() {
  provision
  local data; data="$(data_dir)"
  if is_ready; then log "postgres already running on 127.0.0.1:$PG_PORT"; bootstrap_db; return; fi
  init_cluster "$data"
  touch "$PG_LOG"; [ "$(id -u)" = 0 ] && chown postgres: "$PG_LOG"
  log "starting postgres on 127.0.0.1:$PG_PORT"
  if ! run_pg "$PG_BIN/pg_ctl" -D "$data" -l "$PG_LOG" -w -t "$READY_TIMEOUT" start >/dev/null; then
    log "postgres failed to start; last lines of $PG_LOG:"; tail -n 40 "$PG_LOG" >&2; exit 1
  fi
  wait_for postgres "$PG_LOG" "" is_ready
  bootstrap_db
}

stop() {
  [ -e "$PG_HOME/data/PG_VERSION" ] || { log "postgres: no cluster"; return; }
  if is_ready; then run_pg "$PG_BIN/pg_ctl" -D "$PG_HOME/data" -m fast -w stop >/dev/null && log "postgres stopped"; fi
}

status() {
  if is_ready; then echo "postgres: up   127.0.0.1:$PG_PORT db=$PG_DB user=$PG_USER pgvector=$(pgvector_version)"
  else echo "postgres: down"; return 1; fi
}

service_main "$@"

#!/usr/bin/env bash
# The EvoKG local stack without Docker: Postgres+pgvector and Neo4j.
# Usage: stack.sh provision|start|stop|status|env
#   start is idempotent: running services are reused.
#   env prints the EVOKG_* variables pointing at the stack (eval-able);
#   .stack/test.env is the same with the tests' own database.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
here="$(dirname "${BASH_SOURCE[0]}")"

# print_env DB: the EVOKG_* variables for the stack, with Postgres database DB.
print_env() {
  cat <<ENV
export EVOKG_POSTGRES_URL='postgres://$PG_USER:$PG_PASSWORD@127.0.0.1:$PG_PORT/${1:-$PG_DB}?sslmode=disable'
export EVOKG_NEO4J_URI='neo4j://127.0.0.1:$NEO4J_BOLT_PORT'
export EVOKG_NEO4J_USER='$NEO4J_USER'
export EVOKG_NEO4J_PASSWORD='$NEO4J_PASSWORD'
export EVOKG_NEO4J_BROWSER_URL='http://127.0.0.1:$NEO4J_HTTP_PORT/browser/'
ENV
}

case "${1:-}" in
  provision) "$here/postgres.sh" provision; "$here/neo4j.sh" provision ;;
  start)
    mkdir -p "$STACK_DIR"
    "$here/postgres.sh" start
    "$here/neo4j.sh" start
    print_env > "$STACK_DIR/env"
    { print_env "$PG_TEST_DB"; echo "export EVOKG_TEST_POSTGRES_URL=\"\$EVOKG_POSTGRES_URL\""; } > "$STACK_DIR/test.env"
    log "ready; environment in $STACK_DIR/env (tests: $STACK_DIR/test.env)" ;;
  stop) "$here/neo4j.sh" stop; "$here/postgres.sh" stop ;;
  status) rc=0; "$here/postgres.sh" status || rc=1; "$here/neo4j.sh" status || rc=1; exit $rc ;;
  env) print_env ;;
  *) die "usage: $0 provision|start|stop|status|env" ;;
esac

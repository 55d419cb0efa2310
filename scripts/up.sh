#!/usr/bin/env bash
# `make up`: start the stack, migrate, run `evokg serve` and `evokg worker`,
# print the URLs and a development API key. Ctrl-C (or `make down` from
# another shell) stops everything this script started.
# EVOKG_FAKE_OLLAMA=1 also starts the scripted model server (no real Ollama).
set -euo pipefail
cd "$(dirname "$0")/.."
STACK_DIR="${EVOKG_STACK_DIR:-$PWD/.stack}"
PIDS="$STACK_DIR/up.pids"
mkdir -p "$STACK_DIR/logs"

stack_was_up=1
scripts/stack/stack.sh status >/dev/null 2>&1 || stack_was_up=0
scripts/stack/stack.sh start
# shellcheck disable=SC1091
source "$STACK_DIR/env"
export EVOKG_ADDR="${EVOKG_ADDR:-127.0.0.1:8080}"
: > "$PIDS"
[ "$stack_was_up" = 0 ] && echo "stack" >> "$PIDS"

cleanup() {
  trap - INT TERM EXIT
  scripts/down.sh
}
trap cleanup INT TERM EXIT

start_bg() { # NAME CMD...
  local name=$1; shift
  "$@" >"$STACK_DIR/logs/$name.log" 2>&1 &
  echo "$name $!" >> "$PIDS"
}

if [ "${EVOKG_FAKE_OLLAMA:-0}" = 1 ]; then
  export EVOKG_OLLAMA_URL="${EVOKG_OLLAMA_URL:-http://127.0.0.1:11434}"
  start_bg fake-ollama bin/evokg fake-ollama --addr "${EVOKG_OLLAMA_URL#http://}"
fi

bin/evokg migrate up
KEY_FILE="$STACK_DIR/dev-api-key"
if [ ! -s "$KEY_FILE" ]; then
  bin/evokg keys create --name dev --scopes memory:read,memory:write,evolve,admin --namespaces '*' | tail -n1 > "$KEY_FILE"
fi

start_bg serve bin/evokg serve --no-migrate
start_bg worker bin/evokg worker

deadline=$((SECONDS + 120))
until curl -fs -o /dev/null "http://$EVOKG_ADDR/readyz"; do
  if ! kill -0 "$(awk '$1=="serve"{print $2}' "$PIDS")" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
    echo "evokg serve did not become ready; last lines of $STACK_DIR/logs/serve.log:" >&2
    tail -n 30 "$STACK_DIR/logs/serve.log" >&2
    exit 1
  fi
  sleep 0.5
done

cat <<MSG

  EvoKG is up.
    API            http://$EVOKG_ADDR   (OpenAPI: http://$EVOKG_ADDR/openapi.json)
    Readiness      http://$EVOKG_ADDR/readyz
    Neo4j Browser  $EVOKG_NEO4J_BROWSER_URL   (user neo4j, password $EVOKG_NEO4J_PASSWORD)
    API key        $(cat "$KEY_FILE")   (also in $KEY_FILE)
    Logs           $STACK_DIR/logs/

  Ctrl-C or \`make down\` stops everything started here.
MSG
wait -n || true

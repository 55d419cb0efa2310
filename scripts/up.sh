#!/usr/bin/env bash
# `make up`: start the stack, migrate, run `evokg serve` and `evokg worker`
# under supervision, print the URLs, the models and a development API key.
# A crashed process is restarted with backoff; Ctrl-C, or `make down` from
# another shell, stops everything this script started.
#
# Model servers. With none configured (none of the URL variables in
# model_vars below is set, and EVOKG_FAKE_OLLAMA is not 1), make up runs the
# real small model lane (scripts/models/lane.sh: llama.cpp's server with
# SmolLM2-135M-Instruct for chat and all-MiniLM-L6-v2 for 384-d embeddings,
# installed by scripts/models/install.sh) under the same supervision and
# uses it; a lane server already running on its port is used and left
# running. When the lane cannot start, make up fails and says what to do; it
# never falls back to anything else.
#   EVOKG_MODELS_CHAT_PORT, EVOKG_MODELS_EMBED_PORT  the lane's ports (8091, 8092)
#   EVOKG_MODELS_THREADS  CPU threads of each lane server (1)
#   EVOKG_FAKE_OLLAMA=1  runs the scripted model server instead (tests).
# Other variables:
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
  # The model servers stop last, once serve and worker have finished the
  # model calls they had in flight.
  local pid pids kind
  # shellcheck disable=SC2016 # awk conditions
  for kind in '$2 !~ /^model-/' '$2 ~ /^model-/'; do
    pids="$(awk '$1=="supervisor" && '"$kind"' {print $3}' "$PIDS")"
    for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in $pids; do wait "$pid" 2>/dev/null || true; done
  done
  wait
  scripts/down.sh
  say "stopped"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# evokg_default FLAG is the default of `evokg serve --FLAG`, read from its
# help so this script and evokg cannot disagree.
serve_help="$("$BIN" serve --help)"
evokg_default() { sed -n "s/^ *--$1=\"\{0,1\}\([^\" ]*\).*/\1/p" <<<"$serve_help" | head -n1; }

# The variables that point evokg at a model server (cmd/evokg/config.go).
model_vars=(EVOKG_MODEL_URL EVOKG_OLLAMA_URL EVOKG_TEACHER_URL EVOKG_GUIDANCE_URL
  EVOKG_LEARNER_URL EVOKG_EXECUTION_URL EVOKG_EMBEDDING_URL)
model_server_set=0
for v in "${model_vars[@]}"; do
  if [ -n "${!v:-}" ]; then model_server_set=1; fi
done

# lane_fail MSG: the lane cannot serve; say so, and what to do, and stop.
lane_fail() {
  say "$1"
  say "make up runs the real small model lane when no model server is configured (none of ${model_vars[*]} is set)."
  say "Fix the lane (scripts/models/install.sh installs it; the logs are in $LOGS/), or point make up at a model server:"
  say "  EVOKG_OLLAMA_URL=http://127.0.0.1:11434 make up    # Ollama, with evokg's default models"
  say "  EVOKG_MODEL_PROVIDER=openai EVOKG_MODEL_URL=http://HOST:PORT/v1 EVOKG_TEACHER_MODEL=M EVOKG_LEARNER_MODEL=M \\"
  say "    EVOKG_EMBEDDING_MODEL=E EVOKG_EMBEDDING_DIM=D make up    # an OpenAI-compatible server"
  exit 1
}

# start_lane starts the lane's servers that do not run yet, supervised like
# serve and worker (so make down stops them, and only them), and points
# evokg at the lane. wait_lane waits until they serve.
lane=0
lane_started=()
start_lane() {
  lane=1
  # shellcheck source=scripts/models/lane.sh
  source scripts/models/lane.sh
  if ! scripts/models/install.sh >"$LOGS/models-install.log" 2>&1; then
    tail -n 20 "$LOGS/models-install.log" >&2
    lane_fail "installing the real small model lane failed (scripts/models/install.sh; the end of $LOGS/models-install.log is above)"
  fi
  local role port deadline
  for role in chat embed; do
    port="$(lane_port "$role")"
    # A llama.cpp server still loading its model answers 503 "Loading model".
    deadline=$((SECONDS + 60))
    while ! lane_serves "$role" && [ $SECONDS -lt $deadline ] &&
      curl -s --max-time 2 "http://127.0.0.1:$port/health" 2>/dev/null | grep -q 'Loading model'; do
      sleep 0.5
    done
    if ! lane_serves "$role" && curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$port/"; then
      lane_fail "127.0.0.1:$port is taken by a server that does not serve $(lane_model "$role"); set EVOKG_MODELS_${role^^}_PORT to a free port"
    fi
    if lane_serves "$role"; then
      say "the $role model server on 127.0.0.1:$port already serves $(lane_model "$role"): using it (make down leaves it running)"
    else
      lane_command "$role"
      start_supervised "model-$role" "${LANE_CMD[@]}"
      lane_started+=("$role")
    fi
  done
  eval "$(lane_env)"
  # One CPU thread serves every model call: an answer (the learner's plan,
  # then its reply) can take longer than evokg's default 30 s.
  export EVOKG_REQUEST_TIMEOUT="${EVOKG_REQUEST_TIMEOUT:-3m}"
}

wait_lane() {
  local role deadline=$((SECONDS + 120))
  for role in "${lane_started[@]}"; do
    until lane_serves "$role"; do
      if grep -q "\[up\] .* model-$role exited" "$LOGS/model-$role.log" 2>/dev/null || [ $SECONDS -ge $deadline ]; then
        tail -n 20 "$LOGS/model-$role.log" >&2
        lane_fail "the $role model server ($(lane_model "$role")) did not start on 127.0.0.1:$(lane_port "$role"); the end of $LOGS/model-$role.log is above"
      fi
      sleep 0.2
    done
    say "the $role model server serves $(lane_model "$role") on 127.0.0.1:$(lane_port "$role")"
  done
}

if [ "${EVOKG_FAKE_OLLAMA:-0}" = 1 ]; then
  export EVOKG_OLLAMA_URL="${EVOKG_OLLAMA_URL:-http://127.0.0.1:11434}"
  start_supervised fake-ollama "$BIN" fake-ollama --addr "${EVOKG_OLLAMA_URL#http://}"
elif [ "$model_server_set" = 0 ]; then
  start_lane
fi

# The embedding indexes' dimension is fixed when a schema is first migrated
# (postgres/migrations/00002_vector.sql), and the database's own schema is for
# evokg's default dimension (768, nomic-embed-text). Another dimension, such
# as the lane's 384, gets a schema named after it (dim384), put first in the
# search path: `evokg migrate up` creates it. So neither dimension's tables
# meet the other's, and switching models back and forth keeps each one's
# memories. A URL that sets its own search_path is used as it is.
default_dim="$(evokg_default embedding-dim)"
dim="${EVOKG_EMBEDDING_DIM:-$default_dim}"
schema=""
pg_url="${EVOKG_POSTGRES_URL:-$(evokg_default postgres-url)}"
if [ "$dim" != "$default_dim" ] && [ -n "$pg_url" ] && [[ "$pg_url" != *search_path* ]]; then
  schema="dim$dim"
  case "$pg_url" in
    postgres://*\?* | postgresql://*\?*) pg_url+="&search_path=$schema,public" ;;
    postgres://* | postgresql://*) pg_url+="?search_path=$schema,public" ;;
    *) pg_url+=" search_path=$schema,public" ;; # the key=value form
  esac
  export EVOKG_POSTGRES_URL="$pg_url"
fi

"$BIN" migrate up
# The key is kept while the database knows it: a schema of another
# dimension has keys of its own.
KEY_FILE="$STACK_DIR/dev-api-key"
key_known() {
  local key prefix
  key="$(cat "$KEY_FILE" 2>/dev/null)" || return 1
  prefix="${key#evk_}" && prefix="${prefix%%_*}"
  [ -n "$prefix" ] && "$BIN" keys list 2>/dev/null |
    awk -v p="$prefix" 'index(" " $0 " ", " " p " ") && $NF == "-" { found = 1 } END { exit !found }'
}
if ! key_known; then
  "$BIN" keys create --name dev --scopes memory:read,memory:write,evolve,admin --namespaces '*' | tail -n1 > "$KEY_FILE"
fi

[ "$lane" = 1 ] && wait_lane
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

# The models, as evokg resolves each role's variables (cmd/evokg/config.go).
provider="${EVOKG_MODEL_PROVIDER:-$(evokg_default model-provider)}"
url="${EVOKG_MODEL_URL:-${EVOKG_OLLAMA_URL:-$(evokg_default model-url)}}"
teacher="${EVOKG_TEACHER_MODEL:-${EVOKG_GUIDANCE_MODEL:-$(evokg_default teacher-model)}}"
teacher_at="${EVOKG_TEACHER_PROVIDER:-${EVOKG_GUIDANCE_PROVIDER:-$provider}} at ${EVOKG_TEACHER_URL:-${EVOKG_GUIDANCE_URL:-$url}}"
learner="${EVOKG_LEARNER_MODEL:-${EVOKG_EXECUTION_MODEL:-$(evokg_default learner-model)}}"
learner_at="${EVOKG_LEARNER_PROVIDER:-${EVOKG_EXECUTION_PROVIDER:-$provider}} at ${EVOKG_LEARNER_URL:-${EVOKG_EXECUTION_URL:-$url}}"
if [ "$teacher $teacher_at" = "$learner $learner_at" ]; then
  models="Chat model     $teacher, teacher and learner ($teacher_at)"
else
  models="Teacher model  $teacher ($teacher_at)
    Learner model  $learner ($learner_at)"
fi
models+="
    Embeddings     ${EVOKG_EMBEDDING_MODEL:-$(evokg_default embedding-model)}, $dim dimensions (${EVOKG_EMBEDDING_PROVIDER:-$provider} at ${EVOKG_EMBEDDING_URL:-$url})"
[ -n "$schema" ] && models+="; Postgres schema $schema"
if [ "$lane" = 1 ]; then
  models+="
                   the real small model lane: SmolLM2-135M-Instruct and all-MiniLM-L6-v2 on llama.cpp's server"
elif [ "${EVOKG_FAKE_OLLAMA:-0}" = 1 ]; then
  models+="
                   a SCRIPTED FAKE model server: canned replies, not model output"
fi

cat <<MSG

  EvoKG is up.
    API            http://$EVOKG_ADDR   (OpenAPI: http://$EVOKG_ADDR/openapi.json)
    Console        http://$EVOKG_ADDR/console/   (log in with the API key below and a namespace)
    Readiness      http://$EVOKG_ADDR/readyz
    Neo4j Browser  ${EVOKG_NEO4J_BROWSER_URL:-http://127.0.0.1:7474/browser/}   (user neo4j, password ${EVOKG_NEO4J_PASSWORD:-evokg-local-neo4j})
    $models
    API key        $(cat "$KEY_FILE")   (also in $KEY_FILE)
    Logs           $LOGS/

  A crashed process is restarted (see the lines marked [up]).
  Ctrl-C or \`make down\` stops everything started here.
MSG
wait

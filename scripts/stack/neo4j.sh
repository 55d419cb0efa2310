#!/usr/bin/env bash
# Neo4j 5.26 Community (with Neo4j Browser) from Maven Central, run on Java 17.
# Usage: neo4j.sh provision|start|stop|status
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

N4J="$STACK_DIR/neo4j"
N4J_LIB="$N4J/lib"
N4J_LOG="$N4J/logs/console.log"
N4J_PID="$N4J/neo4j.pid"
HTTP_URL="http://127.0.0.1:$NEO4J_HTTP_PORT"
# Transaction logs: Neo4j's default keeps two days of them (2.2 GB after a
# day of benchmarks). The local stack keeps rotated logs up to this size per
# database, in files of NEO4J_TX_LOG_FILE; older files are pruned at each
# checkpoint (every 15 minutes or 100,000 transactions).
NEO4J_TX_LOG_RETENTION="${EVOKG_NEO4J_TX_LOG_RETENTION:-256M size}"
NEO4J_TX_LOG_FILE="${EVOKG_NEO4J_TX_LOG_FILE:-64M}"

provision() {
  command -v java >/dev/null || die "java (17+) is required for Neo4j"
  if ls "$N4J_LIB"/neo4j-server-"$NEO4J_VERSION".jar >/dev/null 2>&1; then return; fi
  command -v mvn >/dev/null || die "maven is required to fetch Neo4j from Maven Central"
  log "fetching Neo4j $NEO4J_VERSION and Neo4j Browser from Maven Central"
  rm -rf "$N4J_LIB"
  mvn -q -B -f "$(dirname "${BASH_SOURCE[0]}")/neo4j/pom.xml" \
    -Dneo4j.version="$NEO4J_VERSION" dependency:copy-dependencies \
    -DoutputDirectory="$N4J_LIB" >&2 || die "maven could not fetch Neo4j"
}

write_conf() {
  mkdir -p "$N4J/conf" "$N4J/data" "$N4J/logs" "$N4J/plugins" "$N4J/import"
  cat > "$N4J/conf/neo4j.conf" <<CONF
server.default_listen_address=127.0.0.1
server.bolt.listen_address=127.0.0.1:$NEO4J_BOLT_PORT
server.bolt.advertised_address=127.0.0.1:$NEO4J_BOLT_PORT
server.http.listen_address=127.0.0.1:$NEO4J_HTTP_PORT
server.http.advertised_address=127.0.0.1:$NEO4J_HTTP_PORT
server.https.enabled=false
server.memory.heap.initial_size=$NEO4J_HEAP
server.memory.heap.max_size=$NEO4J_HEAP
server.memory.pagecache.size=$NEO4J_PAGECACHE
dbms.security.auth_enabled=true
db.transaction.timeout=60s
db.tx_log.rotation.retention_policy=$NEO4J_TX_LOG_RETENTION
db.tx_log.rotation.size=$NEO4J_TX_LOG_FILE
CONF
}

http_ok() { curl -fs -o /dev/null "$HTTP_URL/"; }

cypher_http() { # USER PASS DB STATEMENT [PARAMS_JSON]
  curl -fs -u "$1:$2" -H 'Content-Type: application/json' \
    -d "{\"statements\":[{\"statement\":\"$4\",\"parameters\":${5:-{\}}}]}" \
    "$HTTP_URL/db/$3/tx/commit"
}

auth_ok() { cypher_http "$NEO4J_USER" "$NEO4J_PASSWORD" neo4j "RETURN 1" | grep -q '"errors":\[\]'; }

# A fresh database has neo4j/neo4j with a forced change; set ours once.
set_password() {
  auth_ok && return
  local out
  out="$(cypher_http neo4j neo4j system 'ALTER CURRENT USER SET PASSWORD FROM $old TO $new' \
    "{\"old\":\"neo4j\",\"new\":\"$NEO4J_PASSWORD\"}" 2>&1 || true)"
  auth_ok || die "cannot authenticate to Neo4j with EVOKG_NEO4J_PASSWORD (set on first start; reset by removing $N4J/data): $out"
}

# The JVM options Neo4j's own launcher passes (its default neo4j.conf): the
# --add-opens let the page cache reach direct buffers instead of running in
# its slower fallback mode.
NEO4J_JVM_OPTS=(
  -XX:+UseG1GC -XX:-OmitStackTraceInFastThrow -XX:+AlwaysPreTouch
  -XX:+UnlockExperimentalVMOptions -XX:+TrustFinalNonStaticFields -XX:+DisableExplicitGC
  -XX:+ExitOnOutOfMemoryError -Djdk.nio.maxCachedBufferSize=1024
  -Dio.netty.tryReflectionSetAccessible=true -Dlog4j2.disable.jmx=true -Dfile.encoding=UTF-8
  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.io=ALL-UNNAMED
  --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
)

start() {
  provision
  if http_ok; then log "neo4j already running on $HTTP_URL"; set_password; return; fi
  write_conf
  log "starting Neo4j $NEO4J_VERSION (bolt 127.0.0.1:$NEO4J_BOLT_PORT, browser $HTTP_URL/browser/, heap $NEO4J_HEAP)"
  (cd "$N4J" && exec setsid java -Xms"$NEO4J_HEAP" -Xmx"$NEO4J_HEAP" "${NEO4J_JVM_OPTS[@]}" \
     -cp "$N4J_LIB/*" org.neo4j.server.CommunityEntryPoint \
     --home-dir="$N4J" --config-dir="$N4J/conf" >"$N4J_LOG" 2>&1 </dev/null) &
  echo $! > "$N4J_PID"
  wait_for neo4j "$N4J/logs/neo4j.log" "$N4J_PID" http_ok || { tail -n 20 "$N4J_LOG" >&2; exit 1; }
  set_password
}

stop() {
  if pid_alive "$N4J_PID"; then
    local pid; pid="$(cat "$N4J_PID")"
    kill "$pid"
    local deadline=$((SECONDS + 60))
    while kill -0 "$pid" 2>/dev/null && [ $SECONDS -lt $deadline ]; do sleep 0.5; done
    kill -9 "$pid" 2>/dev/null || true
    log "neo4j stopped"
  fi
  rm -f "$N4J_PID"
}

status() {
  if http_ok; then echo "neo4j:    up   bolt://127.0.0.1:$NEO4J_BOLT_PORT  browser $HTTP_URL/browser/"
  else echo "neo4j:    down"; return 1; fi
}

service_main "$@"

#!/usr/bin/env bash
# Starts the real small model lane's two llama.cpp servers (installing them
# first when needed) and writes the EvoKG configuration that uses them to
# .stack/models/env (see lane.sh for the servers, their ports and
# EVOKG_MODELS_THREADS). A server already running is reused. Stop them with
# scripts/models/stop.sh. `make up` runs the same lane by itself when no
# model server is configured.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=scripts/models/lane.sh
source "$here/lane.sh"
models="$LANE_MODELS"
"$here/install.sh"

# start NAME runs serve.py in the background unless that server is healthy.
start() {
	local name="$1" port
	port="$(lane_port "$name")"
	if lane_healthy "$port"; then
		echo "models: $name already serves on 127.0.0.1:$port"
		return
	fi
	lane_command "$name"
	nohup "${LANE_CMD[@]}" >"$models/$name.log" 2>&1 &
	echo $! >"$models/$name.pid"
	for _ in $(seq 1 600); do # up to 60 s, polled every 0.1 s
		if lane_healthy "$port"; then
			echo "models: $name serves on 127.0.0.1:$port (pid $(cat "$models/$name.pid"))"
			return
		fi
		if ! kill -0 "$(cat "$models/$name.pid")" 2>/dev/null; then
			break
		fi
		sleep 0.1
	done
	echo "models: $name did not start; the end of $models/$name.log:" >&2
	tail -n 20 "$models/$name.log" >&2
	exit 1
}

start chat
start embed
lane_env >"$models/env"
echo "models: configuration in .stack/models/env (source it; EVOKG_EMBEDDING_DIM=$LANE_EMBED_DIM needs a database or schema migrated with $LANE_EMBED_DIM)"

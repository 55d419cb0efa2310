#!/usr/bin/env bash
# Starts the real small model lane's two llama.cpp servers (installing them
# first when needed) and writes the EvoKG configuration that uses them to
# .stack/models/env:
#   chat (guidance and execution): SmolLM2-135M-Instruct on 127.0.0.1:${EVOKG_MODELS_CHAT_PORT:-8091}
#   embeddings:                    all-MiniLM-L6-v2 (384-d) on 127.0.0.1:${EVOKG_MODELS_EMBED_PORT:-8092}
# One thread each (EVOKG_MODELS_THREADS). A server already running is
# reused. Stop them with scripts/models/stop.sh.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
models="$root/.stack/models"
py="$root/.stack/models-venv/bin/python"
threads="${EVOKG_MODELS_THREADS:-1}"
"$here/install.sh"

healthy() { curl -sf --max-time 2 "http://127.0.0.1:$1/health" >/dev/null 2>&1; }

# start NAME PORT ARGS... runs serve.py in the background unless healthy.
start() {
	local name="$1" port="$2"
	shift 2
	if healthy "$port"; then
		echo "models: $name already serves on 127.0.0.1:$port"
		return
	fi
	nohup "$py" "$here/serve.py" --port "$port" --threads "$threads" "$@" >"$models/$name.log" 2>&1 &
	echo $! >"$models/$name.pid"
	for _ in $(seq 1 600); do # up to 60 s, polled every 0.1 s
		if healthy "$port"; then
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

chat_port="${EVOKG_MODELS_CHAT_PORT:-8091}"
embed_port="${EVOKG_MODELS_EMBED_PORT:-8092}"
start chat "$chat_port" --model "$models/smollm2-135m.gguf" --alias smollm2:135m
start embed "$embed_port" --model "$models/all-minilm-l6-v2.gguf" --alias all-minilm --embedding --ctx 512
cat >"$models/env" <<ENV
export EVOKG_MODEL_PROVIDER=openai
export EVOKG_MODEL_URL=http://127.0.0.1:$chat_port/v1
export EVOKG_TEACHER_MODEL=smollm2:135m
export EVOKG_LEARNER_MODEL=smollm2:135m
export EVOKG_EMBEDDING_URL=http://127.0.0.1:$embed_port/v1
export EVOKG_EMBEDDING_MODEL=all-minilm
export EVOKG_EMBEDDING_DIM=384
export EVOKG_EMBEDDING_MAX_CHARS=1000
ENV
echo "models: configuration in .stack/models/env (source it; EVOKG_EMBEDDING_DIM=384 needs a database migrated with 384)"

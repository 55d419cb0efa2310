# The real small model lane: the command line of each of its two llama.cpp
# servers and the EvoKG configuration that uses them. Sourced by start.sh
# (a lane of its own, for experiments) and scripts/up.sh (make up's default
# model servers), so the two cannot drift apart.
#   chat (teacher and learner): SmolLM2-135M-Instruct on 127.0.0.1:${EVOKG_MODELS_CHAT_PORT:-8091}
#   embeddings:                 all-MiniLM-L6-v2 (384-d) on 127.0.0.1:${EVOKG_MODELS_EMBED_PORT:-8092}
# One thread each (EVOKG_MODELS_THREADS). scripts/models/install.sh puts
# the server and the models under .stack/.
# shellcheck shell=bash
LANE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
LANE_MODELS="$LANE_ROOT/.stack/models"
LANE_PY="$LANE_ROOT/.stack/models-venv/bin/python"
LANE_CHAT_MODEL=smollm2:135m
LANE_EMBED_MODEL=all-minilm
LANE_EMBED_DIM=384
LANE_THREADS="${EVOKG_MODELS_THREADS:-1}"
LANE_CHAT_PORT="${EVOKG_MODELS_CHAT_PORT:-8091}"
LANE_EMBED_PORT="${EVOKG_MODELS_EMBED_PORT:-8092}"

# lane_command chat|embed sets LANE_CMD to that server's command line.
# shellcheck disable=SC2034 # LANE_CMD is the caller's
lane_command() {
	local serve=("$LANE_PY" "$LANE_ROOT/scripts/models/serve.py" --threads "$LANE_THREADS")
	case "$1" in
	chat) LANE_CMD=("${serve[@]}" --port "$LANE_CHAT_PORT" --model "$LANE_MODELS/smollm2-135m.gguf" --alias "$LANE_CHAT_MODEL") ;;
	embed) LANE_CMD=("${serve[@]}" --port "$LANE_EMBED_PORT" --model "$LANE_MODELS/all-minilm-l6-v2.gguf"
		--alias "$LANE_EMBED_MODEL" --embedding --ctx 512) ;;
	*) return 1 ;;
	esac
}

# lane_port chat|embed and lane_model chat|embed: where a server listens and
# the model name it serves.
lane_port() { if [[ "$1" == chat ]]; then echo "$LANE_CHAT_PORT"; else echo "$LANE_EMBED_PORT"; fi; }
lane_model() { if [[ "$1" == chat ]]; then echo "$LANE_CHAT_MODEL"; else echo "$LANE_EMBED_MODEL"; fi; }

# lane_healthy PORT: a server on PORT answers /health with 200 (llama.cpp's
# server answers 503 while it loads its model).
lane_healthy() { curl -sf --max-time 2 "http://127.0.0.1:$1/health" >/dev/null 2>&1; }

# lane_serves chat|embed: the server on that role's port is up and lists
# the role's model in /v1/models.
lane_serves() {
	lane_healthy "$(lane_port "$1")" &&
		curl -sf --max-time 2 "http://127.0.0.1:$(lane_port "$1")/v1/models" 2>/dev/null | grep -qF "\"$(lane_model "$1")\""
}

# lane_env prints the EvoKG configuration that uses the lane.
lane_env() {
	cat <<ENV
export EVOKG_MODEL_PROVIDER=openai
export EVOKG_MODEL_URL=http://127.0.0.1:$LANE_CHAT_PORT/v1
export EVOKG_TEACHER_MODEL=$LANE_CHAT_MODEL
export EVOKG_LEARNER_MODEL=$LANE_CHAT_MODEL
export EVOKG_EMBEDDING_URL=http://127.0.0.1:$LANE_EMBED_PORT/v1
export EVOKG_EMBEDDING_MODEL=$LANE_EMBED_MODEL
export EVOKG_EMBEDDING_DIM=$LANE_EMBED_DIM
export EVOKG_EMBEDDING_MAX_CHARS=1000
ENV
}

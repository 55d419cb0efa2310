#!/usr/bin/env bash
# Generates the Python client from api/openapi.yaml with openapi-python-client
# (installed by install.sh) into clients/python/evokg-client, or into the
# folder given as $1 (the client's test regenerates into a temp folder and
# compares). `make python-client` runs it.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
here="$root/clients/python"
out="$(realpath -m "${1:-$here/evokg-client}")"
"$here/install.sh"
venv="$root/.stack/pyclient-venv"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# The generator runs ruff (its post hooks, config.yml) from PATH. Its two
# known warnings (the YAML document and NDJSON batches have no Python
# binding; JSON batches do) are shown only when it fails.
if ! PATH="$venv/bin:$PATH" "$venv/bin/openapi-python-client" generate --path "$root/api/openapi.yaml" \
	--meta setup --config "$here/config.yml" --output-path "$out" --overwrite >"$log" 2>&1; then
	cat "$log" >&2
	exit 1
fi

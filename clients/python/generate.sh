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
spec="$(mktemp --suffix .yaml)"
trap 'rm -f "$log" "$spec"' EXIT
# Deprecated operations (the old URLs that only redirect) get no Python
# binding: the spec is copied without them.
"$venv/bin/python" - "$root/api/openapi.yaml" "$spec" <<'PY'
import sys
from ruamel.yaml import YAML
yaml = YAML()
doc = yaml.load(open(sys.argv[1]))
for path in list(doc["paths"]):
    item = doc["paths"][path]
    for method in [m for m in item if isinstance(item[m], dict) and item[m].get("deprecated")]:
        del item[method]
    if not any(m in item for m in ("get", "post", "put", "patch", "delete")):
        del doc["paths"][path]
yaml.dump(doc, open(sys.argv[2], "w"))
PY
# The generator runs ruff (its post hooks, config.yml) from PATH. Its two
# known warnings (the YAML document and NDJSON batches have no Python
# binding; JSON batches do) are shown only when it fails.
if ! PATH="$venv/bin:$PATH" "$venv/bin/openapi-python-client" generate --path "$spec" \
	--meta setup --config "$here/config.yml" --output-path "$out" --overwrite >"$log" 2>&1; then
	cat "$log" >&2
	exit 1
fi

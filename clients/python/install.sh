#!/usr/bin/env bash
# Installs the Python client's generator (openapi-python-client, pinned with
# its dependencies in requirements.txt) into .stack/pyclient-venv, which the
# client's tests also run the quickstart with. Idempotent: when the venv
# already holds exactly these pins and runs it does nothing. A venv that
# no longer runs (its interpreter's path moved) is created again.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="$root/.stack/pyclient-venv"
req="$root/clients/python/requirements.txt"
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$req" | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] &&
	"$venv/bin/openapi-python-client" --version >/dev/null 2>&1; then
	exit 0
fi
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$req"
echo "$want" >"$stamp"
echo "clients/python: installed $(grep '^openapi-python-client==' "$req") into $venv"

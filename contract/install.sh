#!/usr/bin/env bash
# Installs Schemathesis, pinned with its dependencies in requirements.txt,
# into the virtualenv the contract test runs it from (.stack/contract-venv).
# Idempotent: when the venv already holds exactly these pins and runs it does
# nothing; a venv that no longer runs (its path moved) is created again.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.stack/contract-venv"
req="$root/contract/requirements.txt"
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$req" | cut -d' ' -f1)"
if [[ -f "$stamp" && "$(cat "$stamp")" == "$want" ]] && "$venv/bin/schemathesis" --version >/dev/null 2>&1; then
	exit 0
fi
python3 -m venv --clear "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$req"
echo "$want" >"$stamp"
echo "contract: installed $(grep '^schemathesis==' "$req") into $venv"

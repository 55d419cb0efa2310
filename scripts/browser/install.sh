#!/usr/bin/env bash
# Installs headless Chromium from Debian's package (run by `make test`): the
# console's browser tests (go test ./console/) drive /usr/bin/chromium with
# chromedp. Quick when it is already there.
set -euo pipefail
# shellcheck source=../stack/lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../stack/lib.sh"
if command -v chromium >/dev/null 2>&1; then
	exit 0
fi
need_apt_update
as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium fonts-dejavu-core >&2
command -v chromium >/dev/null || die "chromium did not install"
log "browser: installed $(chromium --version 2>/dev/null || echo chromium)"

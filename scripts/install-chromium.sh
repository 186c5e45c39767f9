#!/usr/bin/env bash
# Installs Debian's chromium for test/browser/browser.test.ts, only when /usr/bin/chromium is missing
# (Playwright's own browser downloads are not reachable from CI). Quiet and idempotent: a second
# run does nothing. Needs root (CI runs as root) or sudo.
set -euo pipefail

[ -x /usr/bin/chromium ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-chromium.sh: needs root or sudo" >&2; exit 1; }
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq chromium >/dev/null

[ -x /usr/bin/chromium ] || { echo "install-chromium.sh: /usr/bin/chromium still missing after apt-get install" >&2; exit 1; }

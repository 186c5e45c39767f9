#!/usr/bin/env bash
# Installs Debian's firefox-esr for scripts/test-runtimes.ts (which launches it headless, without a
# driver), only when /usr/bin/firefox-esr is missing. Quiet and idempotent: a second run does
# nothing. Needs root (CI runs as root) or sudo.
set -euo pipefail

[ -x /usr/bin/firefox-esr ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-firefox.sh: needs root or sudo" >&2; exit 1; }
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
$SUDO apt-get install -y -qq firefox-esr >/dev/null

[ -x /usr/bin/firefox-esr ] || { echo "install-firefox.sh: /usr/bin/firefox-esr still missing after apt-get install" >&2; exit 1; }

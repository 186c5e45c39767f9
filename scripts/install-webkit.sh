#!/usr/bin/env bash
# Installs Debian's WebKitGTK (Safari's engine, JavaScriptCore, on Linux) for scripts/test-runtimes.ts:
# WebKitWebDriver (webkit2gtk-driver), the MiniBrowser it drives (libwebkit2gtk-4.1-0), and Xvfb
# with xvfb-run (MiniBrowser has no headless mode). Only what is missing; quiet and idempotent: a
# second run does nothing. Needs root (CI runs as root) or sudo.
set -euo pipefail

MINIBROWSER=/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser
[ -x /usr/bin/WebKitWebDriver ] && [ -x "$MINIBROWSER" ] && [ -x /usr/bin/xvfb-run ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-webkit.sh: needs root or sudo" >&2; exit 1; }
  SUDO="sudo"
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq >/dev/null
# xauth: xvfb-run needs it.
$SUDO apt-get install -y -qq --no-install-recommends webkit2gtk-driver libwebkit2gtk-4.1-0 xvfb xauth >/dev/null

for f in /usr/bin/WebKitWebDriver "$MINIBROWSER" /usr/bin/xvfb-run; do
  [ -x "$f" ] || { echo "install-webkit.sh: $f still missing after apt-get install" >&2; exit 1; }
done

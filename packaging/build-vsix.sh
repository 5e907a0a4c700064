#!/usr/bin/env bash
# Builds the VS Code extension's .vsix into OUT (the install step of the
# Debian package runs this): `npm ci` when node_modules does not match the
# lock file (the same stamp as vscode-extension/scripts/test.sh), then the
# production bundle and `vsce package`.
#
# With SERVER, a linux-x64 .vsix that carries that binary (stripped) as
# bin/bufferlens: the extension starts it when bufferlens.server.path is
# unset and no `bufferlens` is on PATH or in the workspace's build/bin
# (src/serverPath.ts); a set bufferlens.server.path still wins.
# Usage: build-vsix.sh OUT.vsix [SERVER]
set -euo pipefail
OUT="$(realpath -m "$1")"
SERVER="${2:-}"
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
VSCE=("$EXT/node_modules/.bin/vsce" package --no-dependencies --skip-license --allow-missing-repository)
if [[ -z "$SERVER" ]]; then
  "${VSCE[@]}" -o "$OUT" >&2
else
  # A copy of what the generic .vsix holds, plus the server.
  STAGE="$(mktemp -d)"
  trap 'rm -rf "$STAGE"' EXIT
  cp -r package.json README.md .vscodeignore language-configuration.json syntaxes dist "$STAGE/"
  mkdir "$STAGE/bin"
  strip -o "$STAGE/bin/bufferlens" "$SERVER"
  chmod 755 "$STAGE/bin/bufferlens"
  printf '!bin/bufferlens\n' >>"$STAGE/.vscodeignore"
  (cd "$STAGE" && "${VSCE[@]}" --target linux-x64 -o "$OUT" >&2)
fi
echo "built $OUT" >&2

#!/usr/bin/env bash
# Installs code-server (VS Code in a browser) from the npm registry into a
# cache directory, for the end-to-end tests of the extension.
#
# Why not a plain `npm install code-server`: its postinstall builds native
# modules (fine) but @vscode/ripgrep downloads `rg` from the internet, which
# is not reachable on the CI machines. So every install script is skipped and
# the postinstall steps are replayed by hand, with Debian's ripgrep binary.
#
# The version is pinned: code-server 4.100.x is the last line that runs on
# Node 20 (the machine's Node); later releases require Node 22+.
#
# Idempotent: a completed install leaves a stamp file and is reused; runs
# that overlap (two test runs on one machine) wait for each other.
# The cache is per machine, outside the work tree, so a fresh clone (CI)
# reuses it: ${XDG_CACHE_HOME:-~/.cache}/bufferlens/code-server-VERSION, or
# BL_CODE_SERVER_DIR, or the first argument.
# Usage: install-code-server.sh [CACHE_DIR]   (prints the entry point path last)
set -euo pipefail

VERSION="${BL_CODE_SERVER_VERSION:-4.100.3}"
CACHE="${1:-${BL_CODE_SERVER_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/bufferlens/code-server-$VERSION}}"
mkdir -p "$CACHE"
CACHE="$(cd "$CACHE" && pwd)"
PKG="$CACHE/node_modules/code-server"
STAMP="$CACHE/.installed-$VERSION"

log() { echo "[install-code-server] $*" >&2; }

exec 9>"$CACHE/.lock"
flock 9

if [[ -f "$STAMP" && -f "$PKG/out/node/entry.js" ]]; then
  log "code-server $VERSION already installed in $CACHE"
  echo "$PKG/out/node/entry.js"
  exit 0
fi

node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [[ "$node_major" != 20 ]]; then
  log "warning: code-server $VERSION expects Node 20, found Node $node_major"
fi

# Debian packages needed to build the native modules, and ripgrep.
need_apt=()
for p in build-essential python3 pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || need_apt+=("$p")
done
if ((${#need_apt[@]})); then
  log "installing Debian packages: ${need_apt[*]}"
  if [[ "$(id -u)" == 0 ]]; then SUDO=(); else SUDO=(sudo); fi
  "${SUDO[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${SUDO[@]}" apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# node-pty's post-install runs `npx node-gyp`: let npx fetch it without asking.
export npm_config_fund=false npm_config_audit=false npm_config_update_notifier=false npm_config_yes=true
# node-gyp: use the headers of the installed Node (Debian ships them) instead
# of downloading a tarball.
if [[ -f /usr/include/node/node_version.h ]]; then export npm_config_nodedir=/usr; fi

rm -f "$CACHE"/.installed-*
cd "$CACHE"
[[ -f package.json ]] || echo '{"name":"bl-code-server-cache","private":true}' > package.json

log "npm install code-server@$VERSION (scripts skipped)"
npm install --no-save --no-package-lock --ignore-scripts --loglevel=error "code-server@$VERSION" >&2

# npm hoists code-server's own dependencies next to it, so rebuild from the
# cache root. argon2 would otherwise download a prebuilt binary.
log "building argon2 from source"
npm rebuild argon2 --build-from-source --loglevel=error >&2

cd "$PKG/lib/vscode"
log "installing VS Code's dependencies"
npm install --omit=dev --ignore-scripts --loglevel=error >&2
log "building VS Code's native modules"
natives=()
for m in @vscode/spdlog node-pty native-watchdog kerberos @vscode/deviceid @parcel/watcher; do
  if [[ -f "node_modules/$m/binding.gyp" ]]; then natives+=("$m"); fi
done
npm rebuild "${natives[@]}" --loglevel=error >&2

log "using Debian's ripgrep"
mkdir -p node_modules/@vscode/ripgrep/bin
cp -f "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg

# What code-server's postinstall.sh does after its npm install.
rm -rf node_modules.asar && ln -s node_modules node_modules.asar
(cd bin/remote-cli && rm -f code-server && ln -s code-linux.sh code-server)
(cd bin/helpers && rm -f browser.sh && ln -s browser-linux.sh browser.sh)

cd extensions
log "installing the built-in extensions' shared dependencies"
npm install --omit=dev --ignore-scripts --loglevel=error >&2

touch "$STAMP"
log "code-server $VERSION installed in $CACHE"
echo "$PKG/out/node/entry.js"

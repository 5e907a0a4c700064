#!/usr/bin/env bash
# Builds the Debian package with `cpack -G DEB` (packaging/CMakeLists.txt),
# unpacks it with `dpkg-deb -x` and checks it:
#   - the files: binary, man page, bash and zsh completions, the .vsix;
#   - Depends: names the package of every shared library the binary needs;
#   - the unpacked binary lints examples/ exactly as the build's binary does;
#   - the completions and the man page list every command `--help` lists,
#     and the bash completion offers every option of each command's --help.
# Exit 77 (skipped) without cpack or dpkg-deb.
# Usage: test-deb.sh BUILD_DIR SOURCE_DIR
set -uo pipefail
BUILD="$(cd "$1" && pwd)"
SRC="$(cd "$2" && pwd)"
# node and npm build the .vsix the package carries.
for tool in cpack dpkg-deb dpkg-shlibdeps objdump node npm; do
  command -v "$tool" >/dev/null || { echo "SKIPPED: $tool not found"; exit 77; }
done

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
failures=0
passed=0
check() { # check NAME COMMAND...: one check, counted
  local name="$1"
  shift
  if "$@"; then
    passed=$((passed + 1))
    echo "ok - $name"
  else
    failures=$((failures + 1))
    echo "not ok - $name"
  fi
}

t0=$(date +%s)
(cd "$BUILD" && cpack -G DEB -B "$TMP/out" --config "$BUILD/CPackConfig.cmake") >"$TMP/cpack.log" 2>&1 || {
  cat "$TMP/cpack.log"
  echo "cpack failed"
  echo "0 passed, 1 failed"
  exit 1
}
DEB="$(ls "$TMP"/out/*.deb)"
echo "# built $(basename "$DEB") ($(du -h "$DEB" | cut -f1)) in $(($(date +%s) - t0)) s"
dpkg-deb -x "$DEB" "$TMP/root"
ROOT="$TMP/root"
BIN="$ROOT/usr/bin/bufferlens"

# --- files -------------------------------------------------------------------
files_present() {
  local f ok=0
  for f in usr/bin/bufferlens usr/share/man/man1/bufferlens.1.gz \
    usr/share/bash-completion/completions/bufferlens \
    usr/share/zsh/vendor-completions/_bufferlens \
    usr/share/nvim/site/lua/bufferlens/init.lua \
    "usr/share/bufferlens/bufferlens-$("$BUILD/bin/bufferlens" --version | awk '{print $2}').vsix"; do
    [[ -f "$ROOT/$f" ]] || { echo "  missing: /$f"; ok=1; }
  done
  return $ok
}
check "the package holds the binary, man page, completions, Neovim module and .vsix" files_present

# Neovim finds the module on its runtimepath ($XDG_DATA_DIRS/nvim/site) with
# no path added, and setup() registers the client-side command.
nvim_finds_the_module() {
  command -v nvim >/dev/null || { echo "  nvim not installed: not checked"; return 0; }
  local out
  out="$(XDG_DATA_DIRS="$ROOT/usr/share" XDG_CONFIG_HOME="$TMP" XDG_DATA_HOME="$TMP" \
    XDG_STATE_HOME="$TMP" nvim --headless -u NONE -n \
    -c "lua require('bufferlens').setup(); io.stdout:write(type(vim.lsp.commands['bufferlens.showPath']))" \
    -c 'qall!' </dev/null 2>&1)"
  [[ "$out" == function ]] || { echo "  got: $out"; return 1; }
}
check "Neovim loads the packaged module and registers bufferlens.showPath" nvim_finds_the_module

vsix_is_the_extension() {
  local vsix
  vsix="$(ls "$ROOT"/usr/share/bufferlens/*.vsix)"
  python3 - "$vsix" <<'PY'
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
names = set(z.namelist())
pkg = json.loads(z.read("extension/package.json"))
assert pkg["name"] == "bufferlens" and pkg["publisher"] == "bufferlens", pkg["name"]
assert "extension/dist/extension.js" in names, sorted(names)
PY
}
check "the .vsix is the BufferLens extension with its bundle" vsix_is_the_extension

# --- Depends -----------------------------------------------------------------
depends_cover_needed_libraries() {
  local depends lib path pkg ok=0
  depends="$(dpkg-deb -f "$DEB" Depends)"
  echo "  Depends: $depends"
  [[ -n "$depends" ]] || return 1
  for lib in $(objdump -p "$BIN" | awk '/NEEDED/ {print $2}'); do
    path="$(ldconfig -p | awk -v l="$lib" '$1 == l && /x86-64/ {print $NF; exit}')"
    [[ -n "$path" ]] || { echo "  $lib: not found by ldconfig"; ok=1; continue; }
    pkg="$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n1 | cut -d: -f1)"
    [[ -n "$pkg" ]] || pkg="$(dpkg -S "$path" 2>/dev/null | head -n1 | cut -d: -f1)"
    if [[ -z "$pkg" ]]; then echo "  $lib: no Debian package owns $path"; ok=1; continue; fi
    # Package names of Depends, without versions (libstdc++6 has regex
    # characters: compare whole names).
    if ! sed 's/ *([^)]*)//g; s/ *| */\n/g; s/, */\n/g' <<<"$depends" | grep -qxF -- "$pkg"; then
      echo "  $lib ($pkg) is not in Depends"
      ok=1
    fi
  done
  return $ok
}
check "Depends names the package of every shared library the binary needs" depends_cover_needed_libraries

# --- the unpacked binary -----------------------------------------------------
same_version() {
  [[ "$("$BIN" --version)" == "$("$BUILD/bin/bufferlens" --version)" ]]
}
check "the unpacked binary runs (--version as the build's)" same_version

same_lint() {
  local a b ra rb
  a="$(cd "$SRC" && "$BUILD/bin/bufferlens" lint examples 2>&1)"
  ra=$?
  b="$(cd "$SRC" && "$BIN" lint examples 2>&1)"
  rb=$?
  echo "  lint examples: exit $ra / $rb, $(wc -l <<<"$a") lines; $(tail -n1 <<<"$a")"
  [[ $ra == "$rb" && "$a" == "$b" && -n "$a" ]] || { diff <(echo "$a") <(echo "$b") | head -20; return 1; }
}
check "the unpacked binary lints examples/ as the build's binary does" same_lint

# --- completions and man page --------------------------------------------------
COMMANDS="$("$BUILD/bin/bufferlens" --help | awk '/^commands:/ {on = 1; next} on && /^[^ ]/ {exit} on && /^  [a-z]/ {print $1}')"
echo "# commands in --help: $(echo $COMMANDS)"

bash_completes() { # bash_completes WORD...: what _bufferlens offers for the last word
  bash -c 'source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _bufferlens; printf "%s\n" "${COMPREPLY[@]}"' \
    _ "$ROOT/usr/share/bash-completion/completions/bufferlens" "$@"
}

bash_lists_commands_and_options() {
  local cmd opt ok=0 offered options
  [[ -n "$COMMANDS" ]] || return 1
  offered="$(bash_completes bufferlens '')"
  for cmd in $COMMANDS; do
    grep -qx "$cmd" <<<"$offered" || { echo "  bash: command $cmd not offered"; ok=1; }
    options="$(bash_completes bufferlens "$cmd" -)"
    for opt in $("$BUILD/bin/bufferlens" "$cmd" --help | awk '/^BufferLens options:/ {on = 1; next} /^Generic Options:/ {on = 0} on && /^  -/ {print $1}' | sed 's/=.*//'); do
      grep -qx -- "$opt" <<<"$options" || { echo "  bash: $cmd $opt not offered"; ok=1; }
    done
  done
  return $ok
}
check "the bash completion offers every command and each command's options" bash_lists_commands_and_options

zsh_lists_commands() {
  local cmd ok=0 f="$ROOT/usr/share/zsh/vendor-completions/_bufferlens"
  head -n1 "$f" | grep -qx '#compdef bufferlens' || { echo "  zsh: no #compdef line"; ok=1; }
  for cmd in $COMMANDS; do
    grep -q "^    '$cmd:" "$f" || { echo "  zsh: command $cmd not described"; ok=1; }
    grep -q "^    $cmd)" "$f" || { echo "  zsh: no arguments for $cmd"; ok=1; }
  done
  if command -v zsh >/dev/null; then
    zsh -n "$f" || { echo "  zsh -n: syntax error"; ok=1; }
  fi
  return $ok
}
check "the zsh completion describes every command" zsh_lists_commands

man_lists_commands() {
  local cmd ok=0 page
  page="$(zcat "$ROOT/usr/share/man/man1/bufferlens.1.gz")"
  grep -q '^\.TH BUFFERLENS 1' <<<"$page" || { echo "  man: no .TH"; ok=1; }
  for cmd in $COMMANDS; do
    grep -qx "\.SS $cmd" <<<"$page" || { echo "  man: no section for $cmd"; ok=1; }
  done
  if command -v groff >/dev/null; then
    local warnings
    warnings="$(groff -man -Tutf8 -ww -z <<<"$page" 2>&1)"
    [[ -z "$warnings" ]] || { echo "  groff: $warnings"; ok=1; }
  fi
  return $ok
}
check "the man page has a section for every command" man_lists_commands

echo "$passed passed, $failures failed"
[[ $failures -eq 0 ]]

#!/usr/bin/env bash
# Installs the Debian packages BufferLens builds and tests with (the pinned
# toolchain: LLVM/MLIR 22 from Debian). Idempotent: installs only what is missing, runs
# `apt-get update` at most once, never prompts. Needs root (or sudo).
set -euo pipefail

packages=(
  cmake g++ ninja-build ccache pkg-config python3
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools libzstd-dev
  libmimalloc-dev
  nlohmann-json3-dev libsimdjson-dev libboost-dev libgraphviz-dev graphviz libgtest-dev
  valgrind neovim pre-commit
  dpkg-dev zsh
  clang-format-22 clang-22 libclang-rt-22-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then sudo="sudo"; else
    echo "install-deps: need root to install: ${missing[*]}" >&2
    exit 2
  fi
fi
echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"

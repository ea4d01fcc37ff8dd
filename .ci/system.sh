#!/usr/bin/env bash
# The machine-level parts the test suite needs, installed by `make test` itself:
# Debian packages (.ci/apt-packages.txt), then each service in .ci/setup.d/ (a
# local PostgreSQL on loopback). Quick when everything is already there. Without
# root or sudo it names what is missing and fails: the suite does not skip.
set -euo pipefail
cd "$(dirname "$0")/.."

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

missing=""
for package in $(grep -v '^#' .ci/apt-packages.txt); do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
        missing="$missing $package"
    fi
done
# Node.js from NodeSource bundles npm and conflicts with Debian's npm package,
# so Node and npm are asked for only when the machine lacks them.
if ! command -v node >/dev/null 2>&1; then missing="$missing nodejs"; fi
if ! command -v npm >/dev/null 2>&1; then missing="$missing npm"; fi

if [ -n "$missing" ]; then
    if [ -n "$SUDO" ] && ! sudo -n true 2>/dev/null; then
        echo "system.sh: the tests need these Debian packages:$missing" >&2
        echo "system.sh: install them (sudo apt-get install$missing) and run make test again" >&2
        exit 1
    fi
    $SUDO apt-get update -qq || true
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

for step in .ci/setup.d/*.sh; do
    if [ -e "$step" ]; then bash "$step"; fi
done

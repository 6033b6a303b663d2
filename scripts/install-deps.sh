#!/usr/bin/env bash
# Installs the Debian packages Lecteur builds against and tests with, only those missing.
# Usage: scripts/install-deps.sh [run|test]   (run: what the reader needs; test: also the daemons and tools)
set -euo pipefail
mode=${1:-run}
packages=(libespeak-ng-dev espeak-ng-data libbrlapi-dev libpcaudio-dev liblouis-dev liblouis-data libsqlite3-dev libcurl4-openssl-dev pkg-config)
if [ "$mode" = test ]; then
  packages+=(espeak-ng brltty liblouis-bin pulseaudio pulseaudio-utils sox ebook2cw python3 e2fsprogs chromium sqlite3 openssl)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installation des paquets manquants : ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

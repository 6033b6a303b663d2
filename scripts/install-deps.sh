#!/usr/bin/env bash
# Installs the Debian packages Lecteur builds against and tests with, only those missing.
# Usage: scripts/install-deps.sh [run|test]   (run: what the reader needs; test: also the daemons and tools)
set -euo pipefail
mode=${1:-run}
packages=(libespeak-ng-dev espeak-ng-data libbrlapi-dev libpcaudio-dev liblouis-dev liblouis-data libsqlite3-dev libcurl4-openssl-dev pkg-config)
if [ "$mode" = test ]; then
  packages+=(espeak-ng brltty liblouis-bin pulseaudio pulseaudio-utils sox ebook2cw multimon-ng python3 e2fsprogs chromium libxml2-utils)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The audit's report consumers (PyPI, pure Python; --no-deps: the axe readers' browser drivers are
# not needed to read results). Installed only when missing.
if [ "$mode" = test ] && ! python3 -c 'import axe_selenium_python, axe_playwright_python.base, cssselect, jsonschema' 2>/dev/null; then
  echo "Installation des lecteurs de rapports d'audit (PyPI)" >&2
  python3 -m pip install -q --no-deps axe-selenium-python==2.1.6 axe-playwright-python==0.1.8 cssselect==1.6.0 >&2
  python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q jsonschema >&2
fi
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installation des paquets manquants : ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

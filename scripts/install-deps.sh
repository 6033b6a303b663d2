#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the Debian packages Lecteur builds against and tests with, only those missing, and never
# removes a package: every apt-get call has --no-remove, and apt is asked first (simulation) so a
# conflict stops here with apt's own explanation instead of taking the user's sound stack away.
#
# Usage: scripts/install-deps.sh [run|test] [--print]
#   run     what the reader needs to build and run
#   test    also the daemons and tools of the test suite
#   --print prints the plan (sound server, missing packages, the apt command) and changes nothing
#
# On a desktop whose sound server is PipeWire (Debian 12's default), the `pulseaudio` package is not
# installed: `pipewire-audio` conflicts with it. The tests' private sound server is then PulseAudio's
# own binary, unpacked from its Debian package into a private folder (scripts/pulse-test.sh runs it
# from there); nothing of the desktop's audio is replaced, stopped or reconfigured.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode=run print=0
for arg in "$@"; do
  case $arg in
    run|test) mode=$arg ;;
    --print) print=1 ;;
    *) echo "usage: $0 [run|test] [--print]" >&2; exit 2 ;;
  esac
done

packages=(libespeak-ng-dev espeak-ng-data libbrlapi-dev libpcaudio-dev liblouis-dev liblouis-data
          libsqlite3-dev libcurl4-openssl-dev libspeechd-dev libedit-dev pkg-config)

# PipeWire answers the PulseAudio protocol and says so in `pactl info`; a machine where
# pipewire-pulse is installed but not running right now (no session) counts too.
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
pipewire=0
if { command -v pactl >/dev/null && pactl info 2>/dev/null | grep -qi "on pipewire"; } \
   || installed pipewire-pulse || installed pipewire-audio; then
  pipewire=1
fi

# Where the private PulseAudio binary goes on a PipeWire machine.
private_pulse="${LECTEUR_PRIVATE_PULSE:-${XDG_CACHE_HOME:-$HOME/.cache}/lecteur/pulseaudio}"

if [ "$mode" = test ]; then
  packages+=(espeak-ng brltty liblouis-bin pulseaudio-utils sox ebook2cw multimon-ng python3 e2fsprogs chromium libxml2-utils sqlite3 openssl
             speech-dispatcher speech-dispatcher-espeak-ng util-linux man-db dbus-daemon dbus-bin at-spi2-core desktop-file-utils time strace
             orca xvfb dbus-x11
             # The Debian package (scripts/build-deb.sh) and the shells whose completions are tested.
             debhelper lintian appstream zsh fish)
  if [ $pipewire -eq 0 ]; then
    packages+=(pulseaudio)
  else
    # The libraries the pulseaudio binary links against (all of them coexist with PipeWire).
    while read -r dep; do packages+=("$dep"); done < <(
      apt-cache depends --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces \
                        --no-enhances pulseaudio 2>/dev/null |
        awk '$1 == "Depends:" && $2 !~ /^</ && $2 != "pulseaudio-utils" { print $2 }' | sort -u)
  fi
fi

missing=()
for p in "${packages[@]}"; do installed "$p" || missing+=("$p"); done

apt_install=(apt-get install -y -qq --no-install-recommends --no-remove)
command_line="apt-get update && DEBIAN_FRONTEND=noninteractive ${apt_install[*]} ${missing[*]:-}"

if [ $print -eq 1 ]; then
  echo "serveur de son : $([ $pipewire -eq 1 ] && echo pipewire || echo pulseaudio)"
  echo "paquets manquants : ${missing[*]:-aucun}"
  [ ${#missing[@]} -eq 0 ] || echo "commande : $command_line"
  exit 0
fi

# Unpacks PulseAudio's binary and modules (not installed: no service, no autospawn, nothing the
# desktop sees) for the tests' private server.
unpack_private_pulse() {
  [ "$mode" = test ] && [ $pipewire -eq 1 ] || return 0
  [ -x "$private_pulse/usr/bin/pulseaudio" ] && return 0
  echo "PipeWire détecté : PulseAudio privé des tests dans $private_pulse (rien n'est installé ni remplacé)." >&2
  local tmp
  tmp=$(mktemp -d)
  if ! (cd "$tmp" && apt-get download -qq pulseaudio >/dev/null 2>&1); then
    rm -rf "$tmp"
    echo "Impossible de télécharger le paquet pulseaudio (hors ligne ?). Les tests du son ne pourront pas démarrer leur serveur privé." >&2
    return 1
  fi
  mkdir -p "$private_pulse"
  dpkg-deb -x "$tmp"/pulseaudio_*.deb "$private_pulse"
  rm -rf "$tmp"
}

check_swift_packages() {
  local root="$here/.."
  [ -f "$root/Package.swift" ] && command -v swift >/dev/null || return 0
  # The build folder of the caller (scripts/install.sh may build in another one).
  local scratch=${LECTEUR_INSTALL_SCRATCH:-.build}
  if ! (cd "$root" && swift package resolve --scratch-path "$scratch" >/dev/null 2>"${TMPDIR:-/tmp}/lecteur-resolve.err"); then
    echo "Les paquets Swift du projet (swift-argument-parser, GRDB…) ne peuvent pas être récupérés :" >&2
    sed 's/^/  /' "${TMPDIR:-/tmp}/lecteur-resolve.err" | tail -5 >&2
    echo "Vérifiez la connexion réseau (ou le cache de SwiftPM), puis relancez." >&2
    return 1
  fi
}

# The audit's report consumers (PyPI, pure Python; --no-deps: the axe readers' browser drivers are
# not needed to read results). Installed only when missing. axe-playwright-python's wheel also
# carries axe-core itself (axe.min.js), which the browser test runs on the HTML reports.
audit_readers() {
  [ "$mode" = test ] || return 0
  python3 -c 'import axe_selenium_python, axe_playwright_python.base, cssselect, jsonschema' 2>/dev/null && return 0
  echo "Installation des lecteurs de rapports d'audit (PyPI)" >&2
  python3 -m pip install -q --no-deps axe-selenium-python==2.1.6 axe-playwright-python==0.1.8 cssselect==1.6.0 >&2
  python3 -c 'import jsonschema' 2>/dev/null || python3 -m pip install -q jsonschema >&2
}

if [ ${#missing[@]} -eq 0 ]; then
  unpack_private_pulse
  audit_readers
  check_swift_packages
  exit 0
fi

echo "Paquets manquants : ${missing[*]}" >&2

# Who may run apt: decided before anything is done. `sudo` resets the environment, so
# DEBIAN_FRONTEND goes through `env` on the command itself.
as_root=(env DEBIAN_FRONTEND=noninteractive)
if [ "$(id -u)" -ne 0 ]; then
  can_sudo=0
  if command -v sudo >/dev/null; then
    if sudo -n true 2>/dev/null; then
      can_sudo=1
    elif [ -t 0 ] && sudo -v; then
      can_sudo=1
    fi
  fi
  if [ $can_sudo -eq 0 ]; then
    echo "Ces paquets demandent les droits d'administrateur, et sudo n'est pas disponible pour $(id -un)." >&2
    echo "Demandez à un administrateur de lancer, en root :" >&2
    echo "  $command_line" >&2
    echo "puis relancez $0 $mode. Rien n'a été modifié." >&2
    exit 1
  fi
  as_root=(sudo env DEBIAN_FRONTEND=noninteractive)
fi

if ! "${as_root[@]}" apt-get update -qq --error-on=any 2>"${TMPDIR:-/tmp}/lecteur-apt-update.err"; then
  echo "L'index des paquets Debian ne peut pas être mis à jour (hors ligne, ou dépôt injoignable) :" >&2
  sed 's/^/  /' "${TMPDIR:-/tmp}/lecteur-apt-update.err" | tail -5 >&2
  echo "Rien n'a été installé. Paquets manquants : ${missing[*]}" >&2
  exit 1
fi

# A simulation first: with --no-remove apt refuses a plan that would remove anything, and says why.
if ! plan=$("${as_root[@]}" apt-get install -s --no-install-recommends --no-remove "${missing[@]}" 2>&1); then
  echo "apt ne peut pas installer ${missing[*]} sans retirer d'autres paquets ; rien n'a été fait :" >&2
  echo "$plan" | grep -E "^(E:|  )" | sed 's/^/  /' >&2 || true
  exit 1
fi

"${as_root[@]}" "${apt_install[@]}" "${missing[@]}" >/dev/null
unpack_private_pulse
audit_readers
check_swift_packages

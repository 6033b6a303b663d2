#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs the reader like any Linux program (optional; scripts/run.sh runs it from the checkout):
# the friendly wrapper of the Makefile, which does the work (`make`, `make install`).
#
#   scripts/install.sh [--prefix DIR] [--destdir DIR]     builds and installs (prefix: /usr/local)
#   scripts/install.sh [--prefix DIR] [--destdir DIR] --uninstall
#
# What this adds to `make install`: the Debian packages the build needs (scripts/install-deps.sh,
# with sudo when needed), and a summary at the end. What goes where: see `make install` (the
# binary, share/lecteur/locales, the man pages, the completions, the desktop entry, the icon, the
# AppStream metainfo, share/doc/lecteur). The C libraries stay Debian's shared ones.
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=/usr/local destdir="" uninstall=0
while [ $# -gt 0 ]; do
  case $1 in
    --prefix) prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --destdir) destdir=$2; shift 2 ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '3,12p' "$0"; exit 0 ;;
    *) echo "install.sh : option inconnue « $1 » (voir --help)" >&2; exit 2 ;;
  esac
done
case $prefix in /*) ;; *) echo "install.sh : --prefix doit être un chemin absolu" >&2; exit 2 ;; esac
root="$destdir$prefix"

# LECTEUR_INSTALL_SCRATCH: another build folder (the install test runs inside `swift test`, which
# holds the lock of .build).
make_args=(PREFIX="$prefix" DESTDIR="$destdir" BUILDDIR="${LECTEUR_INSTALL_SCRATCH:-.build-release}")

if [ $uninstall -eq 1 ]; then
  make --no-print-directory "${make_args[@]}" uninstall >/dev/null
  echo "Lecteur désinstallé de $root."
  exit 0
fi

scripts/install-deps.sh run
make --no-print-directory "${make_args[@]}" >&2
make --no-print-directory "${make_args[@]}" install >&2
echo "Lecteur $(LECTEUR_DATA_DIR="$root/share/lecteur" "$root/bin/lecteur" --version | head -1) installé dans $root."
